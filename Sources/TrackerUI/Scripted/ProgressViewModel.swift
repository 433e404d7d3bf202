import TrackerCore

/// `tracker milestone show` (a milestone's burndown) and `tracker report` (issues opened and
/// closed per week): progress over time, read from the timeline.
@MainActor
public final class ProgressViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        case burndown(MilestoneTitle)
        case report
    }

    public struct Output: Equatable, ViewOutput {
        public var burndown: Burndown?
        public var report: ActivityReport?
        public var failure: TrackerError?
    }

    public private(set) var output = Output()
    private let showProgress: ShowProgress

    public init(showProgress: ShowProgress) {
        self.showProgress = showProgress
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.failure = await caught {
            switch input {
            case .burndown(let title): output.burndown = try await showProgress.burndown(of: title)
            case .report: output.report = try await showProgress.report()
            }
        }
        return nil
    }
}
