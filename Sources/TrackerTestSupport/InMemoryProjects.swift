import TrackerCore

/// A tracker of several projects in memory, as migration 0022 keeps them: each project's issues
/// numbered on their own (an `InMemoryIssueRepository` each), users and comment ids shared, the
/// first project the default. A session chooses its project as `tracker_project_id()` does: a key
/// (unknown: refused), else a remote some project records, else the default.
public actor InMemoryProjects {
    struct Entry {
        var project: Project
        let issues: InMemoryIssueRepository
    }

    public let users: InMemoryUserRepository
    private let commentIDs = InMemorySequence()
    private var entries: [Entry] = []
    /// `key#N` → where it went, kept pointing at the issue's latest place.
    private var moved: [String: (key: ProjectKey, number: IssueNumber)] = [:]

    public init(users: InMemoryUserRepository, defaultKey: ProjectKey) async {
        self.users = users
        await add(Project(key: defaultKey, name: defaultKey.value, isDefault: true))
    }

    /// The session's issues and projects: `key` (a project's, any case), else the project whose
    /// remote is `remote` (`host/owner/repo`), else the default.
    public func session(
        key: String?, remote: String? = nil
    ) throws -> (
        issues: InMemoryIssueRepository, projects: InMemoryProjectRepository
    ) {
        let entry: Entry
        if let key {
            guard let named = entries.first(where: { $0.project.key.value == key.lowercased() }) else {
                throw TrackerError.unknownProject(key)
            }
            entry = named
        } else {
            entry = entries.first { $0.project.repository != nil && $0.project.repository == remote } ?? entries[0]
        }
        return (entry.issues, InMemoryProjectRepository(tracker: self, key: entry.project.key))
    }

    @discardableResult
    private func add(_ project: Project) async -> Entry {
        let entry = Entry(project: project, issues: InMemoryIssueRepository(users: users))
        await entry.issues.joinProjects(self, as: project.key, commentIDs: commentIDs)
        entries.append(entry)
        return entry
    }

    func entry(_ key: ProjectKey) throws -> Entry {
        guard let entry = entries.first(where: { $0.project.key == key }) else {
            throw TrackerError.unknownProject(key.value)
        }
        return entry
    }

    func list() -> [Project] { entries.map(\.project).sorted { $0.key.value < $1.key.value } }

    func create(_ project: Project, remoteOffered: Bool) async throws -> Project {
        if entries.contains(where: { $0.project.key == project.key }) {
            throw TrackerError.notFound("project \(project.key) already exists")
        }
        var created = project
        let remote = try project.remote.map { try GitRemote($0).repository }
        if let taken = entries.first(where: { $0.project.repository != nil && $0.project.repository == remote }) {
            guard remoteOffered else {
                throw TrackerError.notFound("project \(taken.project.key) already has that remote")
            }
            created.remote = nil
        }
        created.isDefault = false
        await add(created)
        return created
    }

    func edit(_ key: ProjectKey, _ edit: ProjectEdit) async throws {
        guard let index = entries.firstIndex(where: { $0.project.key == key }) else {
            throw TrackerError.unknownProject(key.value)
        }
        if let name = edit.name { entries[index].project.name = name }
        if let remote = edit.remote {
            entries[index].project.remote = remote.url
        }
        if edit.clearsRemote { entries[index].project.remote = nil }
        if let archived = edit.archived { entries[index].project.isArchived = archived }
        if let renamed = edit.key {
            entries[index].project.key = renamed
            await entries[index].issues.renameProject(renamed)
        }
    }

    func move(_ number: IssueNumber, from source: ProjectKey, to target: ProjectKey) async throws -> MovedIssue {
        let (from, to) = (try entry(source), try entry(target))
        if from.project.key == to.project.key {
            throw TrackerError.notFound("#\(number.value) is already in project \(target); nothing was changed")
        }
        let carried = try await from.issues.takeOut(number)
        let placed = try await to.issues.takeIn(carried)
        let place = (key: to.project.key, number: placed)
        for (old, pointer) in moved where pointer.key == source && pointer.number == number { moved[old] = place }
        moved["\(source.value)\(number)"] = place
        await from.issues.pointMoved(number, to: "\(target.value)\(placed)")
        return MovedIssue(from: number, project: target, number: placed)
    }

    /// The issues of other projects that `number`'s body and comments name, and those whose body
    /// or comments name it, each once, by project and number (as `show` reads them).
    func links(
        of number: IssueNumber, in key: ProjectKey
    ) async -> (
        references: [LinkedIssue], referencedBy: [LinkedIssue]
    ) {
        guard entries.count > 1 else { return ([], []) }
        var references: [LinkedIssue] = []
        var referencedBy: [LinkedIssue] = []
        for source in entries {
            for (issue, text) in await source.issues.texts() {
                for named in CrossReferenceText.references(in: text) {
                    guard let target = place(of: named), target.key != source.project.key else { continue }
                    if source.project.key == key, issue == number.value,
                        let linked = await (try? entry(target.key))?.issues.linked(
                            target.number.value, project: target.key)
                    {
                        references.append(linked)
                    }
                    if target.key == key, target.number == number,
                        let linked = await source.issues.linked(issue, project: source.project.key)
                    {
                        referencedBy.append(linked)
                    }
                }
            }
        }
        let order = { (a: LinkedIssue, b: LinkedIssue) in
            (a.project?.value ?? "", a.number.value) < (b.project?.value ?? "", b.number.value)
        }
        return (Self.once(references).sorted(by: order), Self.once(referencedBy).sorted(by: order))
    }

    /// Where `key#N` is now: moved on, or there.
    private func place(of named: (key: String, number: Int64)) -> (key: ProjectKey, number: IssueNumber)? {
        guard let key = try? ProjectKey(named.key), let number = try? IssueNumber(named.number) else { return nil }
        return moved["\(key.value)\(number)"] ?? (entries.contains { $0.project.key == key } ? (key, number) : nil)
    }

    private static func once(_ issues: [LinkedIssue]) -> [LinkedIssue] {
        var seen = Set<String>()
        return issues.filter { seen.insert($0.description).inserted }
    }
}

/// One session's view of the projects (`ProjectRepository`): its project is the one it chose.
public struct InMemoryProjectRepository: ProjectRepository {
    let tracker: InMemoryProjects
    let key: ProjectKey

    public func list() async throws -> [Project] { await tracker.list() }

    public func current() async throws -> Project { try await tracker.entry(key).project }

    public func create(_ project: Project, remoteOffered: Bool) async throws -> Project {
        try await tracker.create(project, remoteOffered: remoteOffered)
    }

    public func edit(_ key: ProjectKey, _ edit: ProjectEdit) async throws { try await tracker.edit(key, edit) }

    public func move(_ number: IssueNumber, to project: ProjectKey, actor: Login) async throws -> MovedIssue {
        try await tracker.move(number, from: key, to: project)
    }
}
