/// What a person typed (a new issue, an edit, a comment) that could not be saved: kept so nothing is lost.
/// Unvalidated on purpose, so even a draft that broke a rule comes back as typed.
public struct SavedDraft: Codable, Equatable, Sendable {
    public var title: String
    public var body: String
    public var assignees: [String]
    public var labels: [String]
    public var milestone: String?

    public init(title: String, body: String, assignees: [String], labels: [String] = [], milestone: String? = nil) {
        self.title = title
        self.body = body
        self.assignees = assignees
        self.labels = labels
        self.milestone = milestone
    }

    private enum CodingKeys: String, CodingKey {
        case title, body, assignees, labels, milestone
    }

    /// Drafts kept before labels and milestones existed have neither key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        body = try container.decode(String.self, forKey: .body)
        assignees = try container.decode([String].self, forKey: .assignees)
        labels = try container.decodeIfPresent([String].self, forKey: .labels) ?? []
        milestone = try container.decodeIfPresent(String.self, forKey: .milestone)
    }
}
