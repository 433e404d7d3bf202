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

/// One project's part of `tracker status`, which covers every project.
public struct ProjectStatus: Equatable, Sendable {
    /// nil for a tracker with one project (as before projects), where nothing is grouped.
    public var project: Project?
    public var status: IssueStatus

    public init(project: Project?, status: IssueStatus) {
        self.project = project
        self.status = status
    }
}
