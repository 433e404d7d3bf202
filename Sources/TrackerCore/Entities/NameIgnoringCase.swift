/// A name typed on one line and matched ignoring case, as the database's unique index matches it
/// (`Bug` is `bug`): a label's name (`LabelName`), a milestone's title (`MilestoneTitle`). Each
/// is a type of its own; the rule is one, `OneLineName`'s.
public struct NameIgnoringCase<Kind: NameKind>: Hashable, Sendable, CustomStringConvertible {
    public static var maximumLength: Int { Kind.rule.maximumLength }
    public let value: String

    /// Trimmed, not empty, no control characters, at most `maximumLength`.
    public init(_ text: String) throws(TrackerError) {
        value = try OneLineName.valid(text, field: Kind.rule.field, maximumLength: Kind.rule.maximumLength)
    }

    /// A name as the database holds it, taken as it is: what is stored is shown (escaped), never
    /// refused, so one odd row cannot stop a reader.
    public init(stored text: String) {
        value = text
    }

    /// The one refusal of a name already taken, whichever kind it is, wherever it is found taken.
    public var taken: TrackerError {
        .invalidInput(
            field: Kind.rule.field, rule: "'\(value)' is already taken (\(Kind.rule.plural) ignore case); pick another")
    }

    public var description: String { value }
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value.lowercased() == rhs.value.lowercased() }
    public func hash(into hasher: inout Hasher) { hasher.combine(value.lowercased()) }
}

/// A kind of name (labels' names, milestones' titles), by its rule.
public protocol NameKind: Sendable {
    static var rule: NameRule { get }
}

/// What a kind of name is called in a refusal, and how long it may be.
public struct NameRule: Sendable {
    public let field: String
    /// What a refusal calls several of them ("names").
    public let plural: String
    public let maximumLength: Int

    public init(field: String, plural: String, maximumLength: Int) {
        self.field = field
        self.plural = plural
        self.maximumLength = maximumLength
    }
}
