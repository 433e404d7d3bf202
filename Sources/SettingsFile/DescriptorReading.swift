/// Reads an open descriptor to its end with read(2): interrupted reads are retried and a
/// non-blocking descriptor with nothing yet is waited for; any other failure is `failure(errno)`.
/// Here, beside the settings files it reads, so the executable's readers (its private files,
/// standard input, `--body-file`) and this module's share it.
public enum DescriptorReading {
    public static func readAll(_ descriptor: Int32, failure: (Int32) -> any Error) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
                continue
            }
            if count == 0 { return data }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                while poll(&request, 1, -1) == -1 {
                    guard errno == EINTR else { throw failure(errno) }
                }
            case let code:
                throw failure(code)
            }
        }
    }
}
