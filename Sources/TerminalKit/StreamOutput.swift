/// Output any task may write to: rows are streamed from the task that reads them from the
/// database, with no copy of the whole result in memory.
public protocol StreamOutput: Sendable {
    func write(_ bytes: [UInt8])
}
