import TerminalKit
import TrackerCore

/// An issue's parent, sub-issues (with the tree's progress) and dependencies, as `show` and the
/// issue screen print them under its people; nothing for an issue with none.
enum IssueStructureView {
    static func lines(_ details: IssueDetails, colour: Bool) -> [String] {
        let structure = details.structure
        var lines: [String] = []
        if let parent = structure.parent { lines.append("Parent: " + linked(parent, colour: colour)) }
        let progress = details.issue.subIssues
        if !structure.children.isEmpty || progress.total > 0 {
            lines.append("Sub-issues: \(progress.wording)")
            lines += structure.children.map { "  " + linked($0, colour: colour) }
        }
        if !structure.blockedBy.isEmpty {
            let open = structure.blockedBy.filter { $0.state == .open }.count
            lines.append("Blocked by: \(open) open of \(structure.blockedBy.count)")
            lines += structure.blockedBy.map { "  " + linked($0, colour: colour) }
        }
        if !structure.blocking.isEmpty {
            lines.append("Blocking:")
            lines += structure.blocking.map { "  " + linked($0, colour: colour) }
        }
        if !structure.references.isEmpty {
            lines.append("References:")
            lines += structure.references.map { "  " + linked($0, colour: colour) }
        }
        if !structure.referencedBy.isEmpty {
            lines.append("Referenced by:")
            lines += structure.referencedBy.map { "  " + linked($0, colour: colour) }
        }
        return lines
    }

    /// `#12 OPEN Fix the login page`, `api#4 CLOSED Rate limits` in another project.
    static func linked(_ issue: LinkedIssue, colour: Bool) -> String {
        let state = Table.styled(issue.state.rawValue.uppercased(), issue.state.colourCode, enabled: colour)
        return "\(issue) \(state) \(VisibleText.line(issue.title))"
    }
}
