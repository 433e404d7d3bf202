import TrackerCore

/// `tracker import`: many issues at once, all or nothing, imported by `actor`; each step's end is
/// told to `report`.
@MainActor
public final class ImportViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        case save([ImportedIssue])
    }

    public struct Output: Equatable, ViewOutput {
        /// How many were imported, and the numbers that changed.
        public var result: ImportResult?
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let importIssues: ImportIssues
    private let actor: Login
    private let report: ImportPhaseReport

    public init(importIssues: ImportIssues, actor: Login, report: @escaping ImportPhaseReport = { _ in }) {
        self.importIssues = importIssues
        self.actor = actor
        self.report = report
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.failure = nil
        switch input {
        case .save(let records):
            do {
                output.result = try await importIssues(records, actor: actor, report: report)
            } catch {
                output.failure = TrackerError(wrapping: error)
            }
        }
        return nil
    }
}
