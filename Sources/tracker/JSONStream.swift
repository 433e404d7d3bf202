import Interchange
import LineFront
import Synchronization
import TerminalKit
import TrackerCore
import TrackerUI

/// Every matching issue as one JSON array, written to a terminal's `streamOutput` as rows arrive:
/// compact for a program, pretty and escaped for a person (`ProgramOutput`'s rule).
enum JSONStream {
    static func write(
        _ filter: IssueFilter, fields: [IssueField], from streamIssues: StreamIssues, to output: any StreamOutput,
        forProgram: Bool
    ) async throws {
        let array = StreamedJSONArray(fields: fields, layout: forProgram ? .compact : .pretty) { chunk in
            output.write(forProgram ? chunk : Array(VisibleText.block(String(decoding: chunk, as: UTF8.self)).utf8))
        }
        try await streamIssues(filter) { issue in array.append(issue) }
        array.finish()
    }
}

/// `tracker export`: every issue, then, as records of their own (`IssueJSON.standalone`), the
/// labels and milestones none of them carries, so an import of it brings them all back.
enum ExportStream {
    static func write(
        from streamIssues: StreamIssues, to output: any StreamOutput, forProgram: Bool
    ) async throws {
        var everything = IssueFilter(state: .all, ascending: true, limit: nil)
        everything.includesComments = true
        everything.includesURL = true
        everything.includesBlockers = true
        everything.includesNames = true
        let array = StreamedJSONArray(fields: IssueField.exportFields, layout: forProgram ? .compact : .pretty) {
            chunk in
            output.write(forProgram ? chunk : Array(VisibleText.block(String(decoding: chunk, as: UTF8.self)).utf8))
        }
        let carried = Mutex<(labels: Set<String>, milestones: Set<Int64>)>(([], []))
        let (labels, milestones) = try await streamIssues.withOrganization(everything) { issue in
            carried.withLock { carried in
                for label in issue.labels { carried.labels.insert(label.name.value.lowercased()) }
                if let milestone = issue.milestone { carried.milestones.insert(milestone.number.value) }
            }
            array.append(issue)
        }
        let seen = carried.withLock { $0 }
        for label in labels where !seen.labels.contains(label.name.value.lowercased()) {
            array.append(record: IssueJSON.standalone(label))
        }
        for milestone in milestones where !seen.milestones.contains(milestone.number.value) {
            array.append(record: IssueJSON.standalone(milestone.summary))
        }
        array.finish()
    }
}

/// Every matching issue as `TabSeparatedIssues` lines, handed on in chunks as rows arrive.
enum TabSeparatedStream {
    static func write(
        _ filter: IssueFilter, from streamIssues: StreamIssues, to output: any StreamOutput
    )
        async throws
    {
        let buffer = Mutex<[UInt8]>([])
        try await streamIssues(filter) { issue in
            buffer.withLock { bytes in
                bytes += TabSeparatedIssues.line(issue).utf8
                if bytes.count >= StreamedJSONArray.chunkSize {
                    output.write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
        }
        buffer.withLock { output.write($0) }
    }
}
