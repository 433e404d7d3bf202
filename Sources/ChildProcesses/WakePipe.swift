/// A pipe whose read end a wait polls: writing one byte ends the wait.
public final class WakePipe: Sendable {
    public let readEnd: Int32
    private let writeEnd: Int32

    public init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ChildProcessError("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Safe from any thread; a full pipe already wakes.
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    public func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}
