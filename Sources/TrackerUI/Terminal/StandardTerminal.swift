import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input and output: works on a TTY and from a pipe.
@MainActor
public final class StandardTerminal: Terminal {
    public let width: Int?
    public let usesColor: Bool

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let isTTY = isatty(STDOUT_FILENO) == 1
        usesColor = isTTY && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        width = StandardTerminal.columns(isTTY: isTTY, environment: environment)
    }

    private static func columns(isTTY: Bool, environment: [String: String]) -> Int? {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        guard isTTY else { return nil }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public func readLine(prompt: String) -> String? {
        write(prompt)
        return Swift.readLine(strippingNewline: true)
    }
}
