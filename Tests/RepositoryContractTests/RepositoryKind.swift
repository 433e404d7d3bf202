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

/// One tracker with several projects, and a session in it per choice of project.
struct ProjectSessions {
    typealias Session = (issues: any IssueRepository, comments: any CommentRepository, projects: any ProjectRepository)

    let users: any UserRepository
    /// A session that chose `key`, else `remote` (`host/owner/repo`), else nothing; checked at once,
    /// so an unknown key is refused here.
    let session: @Sendable (_ key: String?, _ remote: String?) async throws -> Session

    func session(_ key: String? = nil, remote: String? = nil) async throws -> Session {
        try await session(key, remote)
    }
}

extension RepositoryKind {
    func makeProjects() async throws -> ProjectSessions {
        switch self {
        case .inMemory:
            let users = InMemoryUserRepository()
            let tracker = await InMemoryProjects(users: users, defaultKey: try ProjectKey("tracker"))
            return ProjectSessions(users: users) { key, remote in
                let (issues, projects) = try await tracker.session(key: key, remote: remote)
                return (issues, issues, projects)
            }
        case .postgres:
            let settings = try await TestPostgres.shared.freshDatabase()
            return ProjectSessions(users: PostgresUserRepository(database: Database(settings: settings))) {
                key, remote in
                let chosen =
                    key.map { [SessionVariable(name: "tracker.project", value: $0)] }
                    ?? remote.map { [SessionVariable(name: "tracker.remote", value: $0)] } ?? []
                let database = Database(settings: settings, variables: chosen)
                let projects = PostgresProjectRepository(database: database)
                _ = try await projects.current()
                return (
                    PostgresIssueRepository(database: database), PostgresCommentRepository(database: database), projects
                )
            }
        }
    }
}
