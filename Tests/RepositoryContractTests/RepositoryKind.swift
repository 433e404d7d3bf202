import Postgres
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// The implementations of the repository protocols that the contract runs over.
enum RepositoryKind: CaseIterable, Sendable {
    case inMemory
    case postgres

    /// Empty repositories of this kind: no users, no issues (Postgres: a fresh migrated database).
    func makeRepositories() async throws -> (
        issues: any IssueRepository, users: any UserRepository, comments: any CommentRepository,
        labels: any LabelRepository, milestones: any MilestoneRepository, changes: any ChangeFeedRepository,
        history: any HistoryRepository, sessions: @Sendable () -> any IssueRepository
    ) {
        switch self {
        case .inMemory:
            let users = InMemoryUserRepository()
            let issues = InMemoryIssueRepository(users: users)
            return (
                issues, users, issues, InMemoryLabelRepository(issues: issues),
                InMemoryMilestoneRepository(issues: issues), InMemoryChangeFeed(issues: issues), issues, { issues }
            )
        case .postgres:
            let settings = try await TestPostgres.shared.freshDatabase()
            let database = Database(settings: settings)
            return (
                PostgresIssueRepository(database: database), PostgresUserRepository(database: database),
                PostgresCommentRepository(database: database), PostgresLabelRepository(database: database),
                PostgresMilestoneRepository(database: database), PostgresChangeFeed(database: database),
                PostgresHistoryRepository(database: database),
                { PostgresIssueRepository(database: Database(settings: settings)) }
            )
        }
    }
}
