/// A name typed on one line and matched ignoring case, as the database's unique index matches it
/// (`Bug` is `bug`): a label's name (`LabelName`), a milestone's title (`MilestoneTitle`). Each
/// is a type of its own; the rule is one, `OneLineName`'s.
public struct NameIgnoringCase<Kind: NameKind>: Hashable, Sendable, CustomStringConvertible {
    public static var maximumLength: Int { Kind.maximumLength }
    public let value: String

    /// Trimmed, not empty, no control characters, at most `maximumLength`.
    public init(_ text: String) throws(TrackerError) {
        value = try OneLineName.valid(text, field: Kind.field, maximumLength: Kind.maximumLength)
    }

    /// A name as the database holds it, taken as it is: what is stored is shown (escaped), never
    /// refused, so one odd row cannot stop a reader.
    public init(stored text: String) {
        value = text
    }

    /// The one refusal of a name already taken, whichever kind it is, wherever it is found taken.
    public var taken: TrackerError {
        .invalidInput(field: Kind.field, rule: "'\(value)' is already taken (\(Kind.plural) ignore case); pick another")
    }

    public var description: String { value }
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value.lowercased() == rhs.value.lowercased() }
    public func hash(into hasher: inout Hasher) { hasher.combine(value.lowercased()) }
}

/// What a kind of name is called in a refusal, and how long it may be.
public protocol NameKind: Sendable {
    static var field: String { get }
    /// What a refusal calls several of them ("names").
    static var plural: String { get }
    static var maximumLength: Int { get }
}
