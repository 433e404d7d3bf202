public struct User: Equatable, Sendable {
    public static let maximumNameLength = 255
    public var login: Login
    public var name: String

    public init(login: Login, name: String = "") throws(TrackerError) {
        let trimmed = name.trimmingWhitespace
        let length = TextRules.length(trimmed)
        guard length <= User.maximumNameLength else {
            throw .invalidInput(
                field: "name", rule: "is \(length) characters, longer than \(User.maximumNameLength); shorten it")
        }
        guard !TextRules.containsControl(trimmed) else {
            throw .invalidInput(field: "name", rule: "control characters are not allowed")
        }
        self.login = login
        self.name = trimmed
    }

    /// A user as the database holds it, the name taken as it is (see `LabelName(stored:)`).
    public init(login: Login, storedName: String) {
        self.login = login
        self.name = storedName
    }
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}

/// A user with how many open issues they are assigned (the People tab).
public struct UserWorkload: Equatable, Sendable {
    public var user: User
    public var openAssignments: Int64

    public init(user: User, openAssignments: Int64) {
        self.user = user
        self.openAssignments = openAssignments
    }
}
