public enum IssueState: String, Sendable, CaseIterable {
    case open
    case closed
}

/// Why an issue is in its state (GitHub's `stateReason`).
public enum StateReason: String, Sendable, CaseIterable {
    case completed
    case notPlanned = "not_planned"
    case reopened

    /// `completed` or `not-planned` (also `not_planned`), as a person types a close reason.
    public init(closeReason text: String) throws(TrackerError) {
        switch text.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "completed": self = .completed
        case "not-planned": self = .notPlanned
        default:
            throw .invalidInput(field: "reason", rule: "'\(text)' is not one of completed, not-planned")
        }
    }
}

/// Which issues a list shows by state.
public enum StateFilter: String, Sendable, CaseIterable {
    case open
    case closed
    case all

    public init(parsing text: String) throws(TrackerError) {
        guard let filter = StateFilter(rawValue: text.lowercased()) else {
            throw .invalidInput(field: "state", rule: "'\(text)' is not one of open, closed, all")
        }
        self = filter
    }
}
