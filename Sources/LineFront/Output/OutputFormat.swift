import Interchange

/// How a screen is rendered when run once from the command line.
public enum OutputFormat: Equatable, Sendable {
    case table
    case json([IssueField])

    public static let json = OutputFormat.json(IssueField.listFields)
}
