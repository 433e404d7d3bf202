/// `tracker status`: the acting user's open issues in three sections, most recently updated
/// first, a few of each with how many there are in all.
public struct IssueStatus: Equatable, Sendable {
    public struct Section: Equatable, Sendable {
        public var issues: [Issue]
        public var total: Int

        public init(issues: [Issue], total: Int) {
            self.issues = issues
            self.total = total
        }
    }

    public static let defaultLimit = 5

    public var assigned: Section
    public var mentioned: Section
    public var opened: Section

    public init(assigned: Section, mentioned: Section, opened: Section) {
        self.assigned = assigned
        self.mentioned = mentioned
        self.opened = opened
    }
}
