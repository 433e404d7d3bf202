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
