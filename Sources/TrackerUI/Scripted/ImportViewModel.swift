import TrackerCore

/// `tracker import`: many issues at once, all or nothing, imported by `actor` (or, dry, only
/// found out); or the last import taken back. Each step's end is told to `report`.
@MainActor
public final class ImportViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        /// The issues, and the labels and milestones the file names on their own.
        case save([ImportedIssue], alone: ImportedLabelsAndMilestones = .none)
        /// What saving would do, written nowhere.
        case tryOut([ImportedIssue], alone: ImportedLabelsAndMilestones = .none)
        case undoLast
    }

    public struct Output: Equatable, ViewOutput {
        /// How many were imported (or would be) and skipped, and the numbers that changed.
        public var result: ImportResult?
        /// Whether `result` is what a dry run found.
        public var dryRun = false
        public var undone: ImportUndone?
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let importIssues: ImportIssues
    private let undoImport: UndoImport
    private let actor: Login
    private let report: ImportPhaseReport
    /// The repository gh's export names, which chose the session's project; that project must
    /// record it (else the default project took the choice), checked through `projects`.
    private let repository: (remote: GitRemote, projects: ManageProjects)?

    public init(
        importIssues: ImportIssues, undoImport: UndoImport, actor: Login,
        report: @escaping ImportPhaseReport = { _ in },
        repository: (remote: GitRemote, projects: ManageProjects)? = nil
    ) {
        self.importIssues = importIssues
        self.undoImport = undoImport
        self.actor = actor
        self.report = report
        self.repository = repository
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.failure = nil
        do {
            switch input {
            case .save(let records, let alone), .tryOut(let records, let alone):
                if let repository { try await Self.requireProject(for: repository.remote, in: repository.projects) }
                output.dryRun = input != .save(records, alone: alone)
                output.result = try await importIssues(
                    records, alone: alone, actor: actor, dryRun: output.dryRun, report: report)
            case .undoLast:
                output.undone = try await undoImport(actor: actor)
            }
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
        return nil
    }

    private static func requireProject(for repository: GitRemote, in projects: ManageProjects) async throws {
        let project = try await projects.current()
        guard project.repository != repository.repository else { return }
        throw TrackerError.invalidInput(
            field: "import file",
            rule: "its issues are from \(repository.repository), which no project records: tracker project create "
                + "KEY --remote \(repository.url), or import with -R KEY; nothing was imported")
    }
}
