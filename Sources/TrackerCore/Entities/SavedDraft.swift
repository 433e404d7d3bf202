/// What a person typed (a new issue, an edit, a comment) that could not be saved: kept so nothing is lost.
/// Unvalidated on purpose, so even a draft that broke a rule comes back as typed.
public struct SavedDraft: Codable, Equatable, Sendable {
    public var title: String
    public var body: String
    public var assignees: [String]

    public init(title: String, body: String, assignees: [String]) {
        self.title = title
        self.body = body
        self.assignees = assignees
    }
}
