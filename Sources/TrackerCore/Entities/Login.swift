/// A user's login: 1–39 letters, digits and single hyphens, starting with a letter and not ending
/// with a hyphen. Two logins are the same ignoring case (`Alice` is `alice`).
public struct Login: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 39
    public let value: String

    public init(_ text: String) throws(TrackerError) {
        guard !text.isEmpty else {
            throw .invalidInput(field: "login", rule: "a login cannot be empty")
        }
        let length = TextRules.length(text)
        guard length <= Login.maximumLength else {
            throw .invalidInput(
                field: "login",
                rule: "'\(String(text.unicodeScalars.prefix(Login.maximumLength)))…' is \(length) "
                    + "characters, longer than \(Login.maximumLength)")
        }
        guard Login.isWellFormed(text) else {
            throw .invalidInput(
                field: "login",
                rule: "'\(text)' must be letters, digits and single hyphens, "
                    + "starting with a letter and not ending with a hyphen")
        }
        value = text
    }

    /// A login as a person types it wherever one is taken (`--assignee`, `--mention`, `--as`,
    /// `users add`, the screens' filters): `@alice` is `alice`, as in a mention. `@me` is not a
    /// login; `ResolveNames` reads it before this.
    public init(typed text: String) throws(TrackerError) {
        try self.init(Login.withoutAt(text))
    }

    /// `@me` (any case) as `me`, else `Login(typed:)`: how the screens read a login they know
    /// the acting user of.
    public static func typed(_ text: String, me: Login) throws(TrackerError) -> Login {
        text.lowercased() == "@me" ? me : try Login(typed: text)
    }

    /// `text` without one leading `@`: how a typed login or a role's name is read.
    public static func withoutAt(_ text: String) -> String {
        text.hasPrefix("@") ? String(text.dropFirst()) : text
    }

    private static func isWellFormed(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, first.isASCIILetter, scalars.last != "-" else { return false }
        var previousWasHyphen = false
        for scalar in scalars {
            if scalar == "-" {
                if previousWasHyphen { return false }
                previousWasHyphen = true
            } else if scalar.isASCIILetter || ("0"..."9").contains(scalar) {
                previousWasHyphen = false
            } else {
                return false
            }
        }
        return true
    }

    public var description: String { value }
    public static func == (lhs: Login, rhs: Login) -> Bool { lhs.value.lowercased() == rhs.value.lowercased() }
    public func hash(into hasher: inout Hasher) { hasher.combine(value.lowercased()) }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
