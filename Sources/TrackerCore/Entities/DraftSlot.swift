/// Where an unsaved draft belongs: a new issue, an edit of an issue's title and body, or a
/// comment on an issue. Each has its own place, so one never overwrites another.
public enum DraftSlot: Hashable, Sendable {
    case newIssue
    case edit(IssueNumber)
    case comment(IssueNumber)
}
