import TrackerCore

/// The issue screen: the issue with its comments and timeline, and the actions that start from
/// one issue: edit the title and body, comment, choose assignees (each a child screen with its
/// outcome), choose labels and the milestone, close and reopen. Back returns to the screen that
/// opened it.
@MainActor
public final class IssueDetailCoordinator: Coordinator {
    public enum Outcome: Equatable, Sendable {
        case back
        /// The issue could not be shown (it does not exist, or the database failed).
        case notShown(TrackerError)
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueDetailViewModel
    private let presenter: any IssueDetailPresenter
    private let factory: ScreenFactory

    init(factory: ScreenFactory, number: IssueNumber) {
        self.factory = factory
        presenter = factory.presenters.issueDetail()
        viewModel = factory.issueDetailViewModel(number)
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        presenter.show(viewModel.output)
        if let failure = viewModel.failure { return .notShown(failure) }
        let live = LiveSubscription.start(
            factory.watchChanges, filter: ChangeFilter(issue: viewModel.number), for: presenter)
        while let input = await presenter.next(following: live) {
            guard let route = await viewModel.send(input) else {
                presenter.show(viewModel.output)
                continue
            }
            if route == .back { break }
            await viewModel.send(await open(route))
            presenter.show(viewModel.output)
        }
        await live?.stop()
        return .back
    }

    /// Runs the child screen; what to tell the issue screen once it ends.
    private func open(_ route: IssueDetailViewModel.Route) async -> IssueDetailViewModel.Input {
        let number = viewModel.number
        switch route {
        case .edit:
            let outcome = await run(factory.issueEditor(number))
            if case .saved = outcome { return .edited }
            return .unchangedBy(.editor(outcome))
        case .comment:
            let outcome = await run(factory.commentComposer(number))
            if case .posted(let comment) = outcome { return .commented(comment) }
            return .unchangedBy(.composer(outcome))
        case .assignees:
            let picker = factory.assignees(.issue(number))
            guard case .chosen(let logins) = await run(picker) else { return .appear }
            return .assigned(logins, change: picker.change)
        case .labels:
            let outcome = await run(factory.labelPicker(.issue(number)))
            return .labelled(outcome.change ?? .none)
        case .milestone:
            let outcome = await run(factory.milestonePicker(.issue(number)))
            return .milestoned(outcome.change ?? .none)
        case .back:
            return .appear
        }
    }
}

/// The issue screen's presenter.
public typealias IssueDetailPresenter = LivePresenter<IssueDetailViewModel.Output, IssueDetailViewModel.Input>
