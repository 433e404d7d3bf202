public enum IssueState: String, Sendable, CaseIterable {
    case open
    case closed
}

/// Why an issue is in its state (GitHub's `stateReason`).
public enum StateReason: String, Sendable, CaseIterable {
    case completed
    case notPlanned = "not_planned"
    case reopened
    /// Closed as a duplicate of another issue (GitHub's `DUPLICATE`); the issue names it
    /// (`Issue.duplicateOf`).
    case duplicate

    public static let closeReasons = ["completed", "not-planned", "duplicate"]

    /// `completed`, `not-planned` (also gh's `not_planned` and `"not planned"`, any case) or
    /// `duplicate`, as a person types a close reason.
    public init(closeReason text: String) throws(TrackerError) {
        let name = try Choice.named(text, field: "reason", among: StateReason.closeReasons)
        switch name {
        case "completed": self = .completed
        case "duplicate": self = .duplicate
        default: self = .notPlanned
        }
    }

    /// How a closed issue's reason reads: `completed`, `not planned`, `a duplicate`.
    public var closedAs: String {
        switch self {
        case .completed, .reopened: "completed"
        case .notPlanned: "not planned"
        case .duplicate: "a duplicate"
        }
    }
}

/// Which issues a list shows by state.
public enum StateFilter: String, Sendable, CaseIterable {
    case open
    case closed
    case all

    /// Any case (`CLOSED`, as gh prints it); anything else is refused with the closest state.
    public init(parsing text: String) throws(TrackerError) {
        let name = try Choice.named(text, field: "state", among: StateFilter.allCases.map(\.rawValue))
        self = StateFilter(rawValue: name) ?? .open
    }
}
