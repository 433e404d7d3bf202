import TrackerCore

/// The issue list screen: shows a page of issues and acts on what the person does there,
/// starting the creator, issue and assignee screens as children. It is the Issues tab, and the
/// list of one milestone's issues opened from the Milestones tab.
@MainActor
public final class IssueListCoordinator: Coordinator {
    public typealias Outcome = TabOutcome

    public enum Scope: Equatable, Sendable {
        /// The Issues tab.
        case tab
        /// One milestone's issues, opened from the Milestones tab; back goes there.
        case milestone(MilestoneTitle)
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueListViewModel
    private let presenter: any IssueListPresenter
    private let factory: ScreenFactory
    private let scope: Scope

    init(factory: ScreenFactory, scope: Scope) {
        self.factory = factory
        self.scope = scope
        presenter = factory.presenters.issueList(scope: scope)
        var filter = IssueFilter(limit: presenter.pageSize)
        if case .milestone(let title) = scope {
            filter.state = .all
            filter.milestone = .titled(title)
        }
        viewModel = factory.issueListViewModel(filter: filter)
    }

    /// Loads the list (again, when the tab is shown again) and acts on the person's inputs until
    /// they switch tabs, go back or quit. Meanwhile teammates' changes to the page redraw it.
    public func start() async -> Outcome {
        await viewModel.send(.appear)
        presenter.show(viewModel.output)
        let live = LiveSubscription.start(factory.watchChanges, filter: ChangeFilter(), for: presenter)
        let outcome = await act(following: live)
        await live?.stop()
        return outcome
    }

    private func act(following live: LiveSubscription?) async -> Outcome {
        while let input = await presenter.next(following: live) {
            switch input {
            case .switchTo(let tab): return .switchTo(tab)
            case .quit: return .quit
            case .back: return .back
            case .switchProject(let key): return .switchProject(key)
            case .screen(let action):
                if let route = await viewModel.send(keepingScope(action)) {
                    await open(route)
                } else {
                    presenter.show(viewModel.output)
                }
            }
        }
        return .quit
    }

    /// A milestone's list stays on its milestone when a filter names none.
    private func keepingScope(_ input: IssueListViewModel.Input) -> IssueListViewModel.Input {
        guard case .milestone(let title) = scope, case .filter(var filter) = input, filter.milestone == nil else {
            return input
        }
        filter.milestone = .titled(title)
        return .filter(filter)
    }

    /// Runs the child screen, then shows the list again as it now is, with what the child did.
    private func open(_ route: IssueListViewModel.Route) async {
        let returned: IssueListViewModel.Returned
        switch route {
        case .create:
            returned = .creator(await run(factory.issueCreator()))
        case .assign(let number):
            let picker = factory.assignees(.issue(number))
            // An issue that could not be loaded was said; the list stays as it was.
            if case .notShown = await run(picker) { return }
            returned = .assignees(picker.change)
        case .toggleAssignees(let number, let people):
            // The child said the change (or the failure) itself: the list is only brought up to date.
            _ = await run(factory.assignees(.toggle(number, people)))
            await viewModel.send(.refresh)
            return
        case .view(let number):
            if case .notShown = await run(factory.issueDetail(number)) { return }
            returned = .issue
        }
        await viewModel.send(.returned(returned))
        presenter.show(viewModel.output)
    }
}

/// The issue list's presenter: also says how many issues fit a page.
@MainActor
public protocol IssueListPresenter: LivePresenter
where Output == IssueListViewModel.Output, Input == TabInput<IssueListViewModel.Input> {
    /// As many issues as the person can see at once.
    var pageSize: Int { get }
}
