/// The tracker's projects. Which one a session works in is chosen before it connects (the
/// executable's `ProjectChoice`); this lists, changes and reads them. Implementations throw
/// `TrackerError`; only an admin may create or change one.
public protocol ProjectRepository: Sendable {
    /// Every project, by key.
    func list() async throws -> [Project]
    /// The project this session works in.
    func current() async throws -> Project
    /// Creates `project`; a remote only `offered` (a clone's origin, not typed) is left out when
    /// another project has it. The project as created.
    func create(_ project: Project, remoteOffered: Bool) async throws -> Project
    func edit(_ key: ProjectKey, _ edit: ProjectEdit) async throws
    /// Moves `number` of this session's project into `project`, where it gets the next number.
    func move(_ number: IssueNumber, to project: ProjectKey, actor: Login) async throws -> MovedIssue
}
