import TrackerCore

/// The new-issue screen: title (checked as written), body, optional assignees (the assignee
/// screen as a child), then the draft to confirm, with labels and a milestone chosen on the way
/// (the pickers as children). Cancelling at any step writes nothing; a draft the database could
/// not take is kept by the view model so nothing written is lost.
@MainActor
public final class IssueCreatorCoordinator: Coordinator {
    public enum Outcome: Equatable, Sendable {
        case created(Issue)
        case cancelled
        /// Confirmed, but the issue was not created: why, the draft, and whether it was kept.
        case notCreated(TrackerError, SavedDraft, IssueCreatorViewModel.KeptDraft?)
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueCreatorViewModel
    private let presenter: any IssueCreatorPresenter
    private let factory: ScreenFactory

    init(factory: ScreenFactory, prefill: SavedDraft?) {
        self.factory = factory
        presenter = factory.presenters.issueCreator()
        viewModel = factory.issueCreatorViewModel(prefill: prefill)
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        presenter.show(viewModel.output)
        while let input = await presenter.next() {
            switch await viewModel.send(input) {
            case nil: break
            case .chooseAssignees: await chooseAssignees()
            case .chooseLabels: await chooseLabels()
            case .chooseMilestone: await chooseMilestone()
            case .cancelled: return .cancelled
            case .confirmed: return outcome
            }
            presenter.show(viewModel.output)
        }
        return .cancelled
    }

    private var outcome: Outcome {
        let output = viewModel.output
        if let created = output.created { return .created(created) }
        return .notCreated(output.whyNotCreated, output.draft, output.keptDraft)
    }

    private func chooseAssignees() async {
        let picker = factory.assignees(.draft(viewModel.output.assignees))
        if case .chosen(let logins) = await run(picker) { await viewModel.send(.assignees(logins)) }
    }

    private func chooseLabels() async {
        let picker = factory.labelPicker(.draft(viewModel.output.labels))
        if let change = await run(picker).change { await viewModel.send(.choseLabels(change)) }
    }

    private func chooseMilestone() async {
        let picker = factory.milestonePicker(.draft(viewModel.output.milestone.map { [$0] } ?? []))
        if let change = await run(picker).change { await viewModel.send(.choseMilestone(change)) }
    }
}

/// The new-issue screen's presenter.
public typealias IssueCreatorPresenter = Presenter<IssueCreatorViewModel.Output, IssueCreatorViewModel.Input>
