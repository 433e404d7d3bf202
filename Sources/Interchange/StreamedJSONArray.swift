import Synchronization
import TrackerCore

/// Issues as one JSON array, encoded one object at a time and handed to `output` in chunks of
/// about 64 KiB, so memory stays flat however many there are. `append` may be called from any
/// task (rows arrive on the database's). `.compact` (for a program) is the array on one line,
/// each object the bytes `IssueJSON.encodeLine` writes; `.pretty` (for a person) is laid out as
/// `JSONValue.pretty` lays out the whole array.
public final class StreamedJSONArray: Sendable {
    public enum Layout: Sendable { case compact, pretty }

    private struct State {
        var buffer: [UInt8] = []
        var count = 0
    }

    public static let chunkSize = 1 << 16
    private let writer: IssueJSONWriter
    private let fields: [IssueField]
    private let layout: Layout
    private let output: @Sendable ([UInt8]) -> Void
    private let state = Mutex(State())

    public init(fields: [IssueField], layout: Layout = .compact, output: @escaping @Sendable ([UInt8]) -> Void) {
        self.writer = IssueJSONWriter(fields: fields)
        self.fields = fields
        self.layout = layout
        self.output = output
    }

    public func append(_ issue: Issue) {
        state.withLock { state in
            switch layout {
            case .compact:
                state.buffer.append(UInt8(ascii: state.count == 0 ? "[" : ","))
                writer.write(issue, into: &state.buffer)
            case .pretty:
                appendPretty(IssueJSON.object(issue, fields: fields), to: &state)
            }
            state.count += 1
            if state.buffer.count >= StreamedJSONArray.chunkSize { flush(&state) }
        }
    }

    /// Any other element (`export`'s labels and milestones on their own), in the same layout.
    public func append(record: JSONValue) {
        state.withLock { state in
            switch layout {
            case .compact:
                state.buffer.append(UInt8(ascii: state.count == 0 ? "[" : ","))
                state.buffer += record.line.dropLast().utf8
            case .pretty:
                appendPretty(record, to: &state)
            }
            state.count += 1
            if state.buffer.count >= StreamedJSONArray.chunkSize { flush(&state) }
        }
    }

    private func appendPretty(_ value: JSONValue, to state: inout State) {
        state.buffer += (state.count == 0 ? "[\n  " : ",\n  ").utf8
        let lines = value.pretty.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        state.buffer += lines.map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n").dropFirst(2).utf8
    }

    public func finish() {
        state.withLock { state in
            let end = layout == .compact ? "]\n" : "\n]\n"
            state.buffer += Array((state.count == 0 ? "[]\n" : end).utf8)
            flush(&state)
        }
    }

    private func flush(_ state: inout State) {
        output(state.buffer)
        state.buffer.removeAll(keepingCapacity: true)
    }
}
