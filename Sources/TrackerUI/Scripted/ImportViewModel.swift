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

    public init(
        importIssues: ImportIssues, undoImport: UndoImport, actor: Login, report: @escaping ImportPhaseReport = { _ in }
    ) {
        self.importIssues = importIssues
        self.undoImport = undoImport
        self.actor = actor
        self.report = report
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.failure = nil
        do {
            switch input {
            case .save(let records, let alone), .tryOut(let records, let alone):
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
}
