import Synchronization
import TrackerCore

/// Issues as one JSON array, encoded one object at a time and handed to `output` in chunks of
/// about 64 KiB, so memory stays flat however many there are. `append` may be called from any
/// task (rows arrive on the database's).
public final class StreamedJSONArray: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var count = 0
    }

    public static let chunkSize = 1 << 16
    private let writer: IssueJSONWriter
    private let output: @Sendable ([UInt8]) -> Void
    private let state = Mutex(State())

    public init(fields: [IssueField], output: @escaping @Sendable ([UInt8]) -> Void) {
        self.writer = IssueJSONWriter(fields: fields)
        self.output = output
    }

    public func append(_ issue: Issue) {
        state.withLock { state in
            state.buffer += Array((state.count == 0 ? "[\n  " : ",\n  ").utf8)
            writer.write(issue, into: &state.buffer)
            state.count += 1
            if state.buffer.count >= StreamedJSONArray.chunkSize { flush(&state) }
        }
    }

    public func finish() {
        state.withLock { state in
            state.buffer += Array((state.count == 0 ? "[]\n" : "\n]\n").utf8)
            flush(&state)
        }
    }

    private func flush(_ state: inout State) {
        output(state.buffer)
        state.buffer.removeAll(keepingCapacity: true)
    }
}
