import Interchange
import TrackerCore
import TrackerUI

/// Every matching issue as one JSON array, written to a terminal's `streamOutput` as rows arrive.
enum JSONStream {
    static func write(
        _ filter: IssueFilter, fields: [IssueField], from streamIssues: StreamIssues, to output: any StreamOutput
    ) async throws {
        let array = StreamedJSONArray(fields: fields) { chunk in output.write(chunk) }
        try await streamIssues(filter) { issue in array.append(issue) }
        array.finish()
    }
}
