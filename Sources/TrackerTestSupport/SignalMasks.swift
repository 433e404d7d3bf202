import Foundation

/// A process's blocked and ignored signals, as Linux's `/proc/PID/status` lists them.
public struct SignalMasks: Sendable {
    public let blocked: UInt64
    public let ignored: UInt64

    /// Read from the text of a `status` file; nil when it lacks either line.
    public init?(status: String) {
        func mask(_ name: String) -> UInt64? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else {
                return nil
            }
            return UInt64(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
        }
        guard let blocked = mask("SigBlk"), let ignored = mask("SigIgn") else { return nil }
        self.blocked = blocked
        self.ignored = ignored
    }

    public static func bit(_ signal: Int32) -> UInt64 { 1 << (UInt64(signal) - 1) }
}
