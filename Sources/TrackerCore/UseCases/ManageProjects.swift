/// `tracker project …` and `tracker move`: the tracker's projects, and issues moved between them.
public struct ManageProjects: Sendable {
    private let projects: any ProjectRepository

    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    public func list() async throws -> [Project] { try await projects.list() }

    public func current() async throws -> Project { try await projects.current() }

    /// `offered`: the remote is the clone's origin, not one typed.
    public func create(key: String, name: String?, remote: String?, offered: Bool = false) async throws -> Project {
        let key = try ProjectKey(key)
        let project = Project(
            key: key, name: try Project.checkedName(name ?? key.value), remote: try remote.map { try GitRemote($0).url }
        )
        return try await projects.create(project, remoteOffered: offered)
    }

    public func edit(_ key: String, _ edit: ProjectEdit) async throws -> ProjectKey {
        try NothingToChange.refuse(edit.isEmpty, in: "project edit", give: "--key, --name, --remote or --no-remote")
        let key = try ProjectKey(key)
        try await projects.edit(key, edit)
        return edit.key ?? key
    }

    public func move(_ number: IssueNumber, to project: String, actor: Login) async throws -> MovedIssue {
        try await projects.move(number, to: try ProjectKey(project), actor: actor)
    }
}
