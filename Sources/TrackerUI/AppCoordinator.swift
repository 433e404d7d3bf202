/// The root: offers back a draft that could not be saved last time, then runs the tab bar
/// (Issues · Labels · Milestones · People). Each tab is one coordinator, kept while the app runs
/// so a tab comes back as it was left; a tab ends by saying which tab to show next, or to quit.
@MainActor
public final class AppCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public let viewModel: AppViewModel
    private let presenter: any AppPresenter
    private let factory: ScreenFactory
    private lazy var issues = factory.issueList()
    private lazy var labels = factory.labels()
    private lazy var milestones = factory.milestones()
    private lazy var people = factory.people()

    init(factory: ScreenFactory) {
        self.factory = factory
        presenter = factory.presenters.app()
        viewModel = factory.appViewModel()
    }

    public func start() async {
        await offerUnsavedDraft()
        var tab = Tab.issues
        while true {
            switch await show(tab) {
            case .switchTo(let next): tab = next
            case .back: continue
            case .quit: return
            }
        }
    }

    private func offerUnsavedDraft() async {
        await viewModel.send(.appear)
        guard viewModel.output.unsavedDraft != nil else { return }
        presenter.show(viewModel.output)
        guard let answer = await presenter.next(), case .restore(let draft) = await viewModel.send(answer) else {
            return
        }
        await viewModel.send(.creatorEnded(await run(factory.issueCreator(prefill: draft))))
        presenter.show(viewModel.output)
    }

    private func show(_ tab: Tab) async -> TabOutcome {
        switch tab {
        case .issues: await run(issues)
        case .labels: await run(labels)
        case .milestones: await run(milestones)
        case .people: await run(people)
        }
    }
}

/// The root's presenter: the offer of an unsaved draft, and how restoring it ended.
public typealias AppPresenter = Presenter<AppViewModel.Output, AppViewModel.Input>
