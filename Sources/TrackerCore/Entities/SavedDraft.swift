/// What a person typed (a new issue, an edit, a comment) that could not be saved: kept so nothing is lost.
/// Unvalidated on purpose, so even a draft that broke a rule comes back as typed.
public struct SavedDraft: Codable, Equatable, Sendable {
    public var title: String
    public var body: String
    public var assignees: [String]
    public var labels: [String]
    public var milestone: String?
    /// For an edit of an issue's text: whether the person changed the title, and the body. A
    /// recovered edit applies only those, over the issue as it is then, so a teammate's change
    /// to the other one stands. Nil in drafts kept before this was recorded: both.
    public var changesTitle: Bool?
    public var changesBody: Bool?

    public init(
        title: String, body: String, assignees: [String], labels: [String] = [], milestone: String? = nil,
        changesTitle: Bool? = nil, changesBody: Bool? = nil
    ) {
        self.title = title
        self.body = body
        self.assignees = assignees
        self.labels = labels
        self.milestone = milestone
        self.changesTitle = changesTitle
        self.changesBody = changesBody
    }

    /// An edit of `read`'s text that could not be saved: the whole text, and which parts changed.
    public static func edit(title: String, body: String, from read: ReadVersion) -> SavedDraft {
        SavedDraft(
            title: title, body: body, assignees: [], changesTitle: title != read.title, changesBody: body != read.body)
    }

    /// The edit applied to an issue's text as it is now: the parts the person changed, and the
    /// current text for the others.
    public func applied(toTitle title: String, body: String) -> (title: String, body: String) {
        (changesTitle == false ? title : self.title, changesBody == false ? body : self.body)
    }

    private enum CodingKeys: String, CodingKey {
        case title, body, assignees, labels, milestone, changesTitle, changesBody
    }

    /// Drafts kept before labels and milestones existed have neither key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        body = try container.decode(String.self, forKey: .body)
        assignees = try container.decode([String].self, forKey: .assignees)
        labels = try container.decodeIfPresent([String].self, forKey: .labels) ?? []
        milestone = try container.decodeIfPresent(String.self, forKey: .milestone)
        changesTitle = try container.decodeIfPresent(Bool.self, forKey: .changesTitle)
        changesBody = try container.decodeIfPresent(Bool.self, forKey: .changesBody)
    }
}
