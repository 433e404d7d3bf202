/// How urgent an issue is: P0 (drop everything) to P3 (some day), as jira-cli and GitHub's
/// project fields name them; an issue may have none.
public enum Priority: Int, Sendable, CaseIterable, Comparable {
    case p0 = 0
    case p1 = 1
    case p2 = 2
    case p3 = 3

    public static let words = ["P0", "P1", "P2", "P3", "none"]

    /// `P0`…`P3` (any case), or nil for `none`; anything else is refused with the closest word.
    public static func parse(_ text: String, field: String = "priority") throws(TrackerError) -> Priority? {
        let name = try Choice.named(text, field: field, among: words)
        return Priority.allCases.first { $0.name == name }
    }

    /// `P0`…`P3`, as shown and exported.
    public var name: String { "P\(rawValue)" }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A planning field as an edit changes it: set to a value, or cleared (`none`).
public enum PlanChange<Value: Equatable & Sendable>: Equatable, Sendable {
    case set(Value)
    case clear

    public var value: Value? {
        if case .set(let value) = self { value } else { nil }
    }
}

extension DueDate {
    /// A due date as typed for an issue: `YYYY-MM-DD`, or `none` to clear it.
    public static func change(_ text: String) throws(TrackerError) -> PlanChange<Timestamp> {
        text.lowercased() == "none" ? .clear : .set(try parse(text))
    }

    /// The day `moment` falls on (UTC), as a due date: what `--overdue` compares with.
    public static func day(of moment: Timestamp) -> Timestamp {
        (try? parse(text(moment))) ?? moment
    }
}
