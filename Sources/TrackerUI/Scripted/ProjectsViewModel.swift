import TrackerCore

/// `tracker project …` and `tracker move`: the tracker's projects, which one is in effect, and an
/// issue moved between them.
@MainActor
public final class ProjectsViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        case list
        case current
        /// `offered`: the remote is the clone's origin, not one typed.
        case create(key: String, name: String?, remote: String?, offered: Bool)
        case edit(key: String, ProjectEdit)
        case move(IssueNumber, to: String)
    }

    /// What a change did, for a presenter to word.
    public enum Change: Equatable, Sendable {
        case created(Project)
        case edited(ProjectKey, ProjectEdit)
        case moved(MovedIssue)
    }

    public struct Output: Equatable, ViewOutput {
        public var projects: [Project] = []
        public var current: Project?
        public var change: Change?
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let manageProjects: ManageProjects
    /// Who moves an issue; nil where none is moved.
    private let actor: Login?

    public init(manageProjects: ManageProjects, actor: Login?) {
        self.manageProjects = manageProjects
        self.actor = actor
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.change = nil
        output.failure = nil
        do {
            switch input {
            case .list:
                output.projects = try await manageProjects.list()
            case .current:
                output.current = try await manageProjects.current()
            case .create(let key, let name, let remote, let offered):
                output.change = .created(
                    try await manageProjects.create(key: key, name: name, remote: remote, offered: offered))
            case .edit(let key, let edit):
                output.change = .edited(try await manageProjects.edit(key, edit), edit)
            case .move(let number, let project):
                guard let actor else { throw TrackerError.notPermitted("moving an issue needs an acting user") }
                output.change = .moved(try await manageProjects.move(number, to: project, actor: actor))
            }
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
        return nil
    }
}
