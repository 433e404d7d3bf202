import Foundation
import Synchronization
import TrackerCore

/// Writes issues to standard output as one JSON array, one object at a time, so memory stays
/// flat however many there are.
public final class StreamedJSONArray: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var count = 0
    }

    private let fields: [IssueField]
    private let state = Mutex(State())

    public init(fields: [IssueField]) {
        self.fields = fields
    }

    public func append(_ issue: Issue) {
        let object = IssueJSON.object(issue, fields: fields)
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("null".utf8)
        state.withLock { state in
            state.buffer += Array((state.count == 0 ? "[\n  " : ",\n  ").utf8)
            state.buffer += data
            state.count += 1
            if state.buffer.count >= 1 << 16 { flush(&state) }
        }
    }

    public func finish() {
        state.withLock { state in
            state.buffer += Array((state.count == 0 ? "[]\n" : "\n]\n").utf8)
            flush(&state)
        }
    }

    private func flush(_ state: inout State) {
        StandardStreams.writeOutput(state.buffer)
        state.buffer.removeAll(keepingCapacity: true)
    }
}
