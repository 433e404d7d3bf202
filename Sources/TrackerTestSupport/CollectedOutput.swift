import Synchronization
import TerminalKit
import TrackerUI

/// A `StreamOutput` that keeps every byte, for tests; written from any task.
public final class CollectedOutput: StreamOutput {
    private let bytes = Mutex<[UInt8]>([])

    public init() {}

    public func write(_ chunk: [UInt8]) {
        bytes.withLock { $0 += chunk }
    }

    public var text: String {
        bytes.withLock { String(decoding: $0, as: UTF8.self) }
    }
}
