import TrackerCore

/// The root: offers back a draft that could not be saved last time, then runs the tab bar
/// (Issues · Labels · Milestones · People). Each tab is one coordinator, kept while the app runs
/// so a tab comes back as it was left; a tab ends by saying which tab to show next, or to quit.
@MainActor
public final class AppCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public let viewModel: AppViewModel
    private let presenter: any AppPresenter
    /// The screens of the project shown; another project brings its own.
    private var factory: ScreenFactory
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
            case .switchProject(let key):
                if await openProject(key) { tab = .issues }
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

    /// Opens another project's screens (`key`, else one the person picks); a refusal is said and
    /// the screens stay on this project. Whether another was opened.
    private func openProject(_ key: ProjectKey?) async -> Bool {
        guard let open = factory.openProject else { return false }
        var chosen = key
        if chosen == nil, let picker = factory.projectPicker() { chosen = await run(picker).change?.chosen.first }
        guard let chosen else { return false }
        do {
            factory = try await open(chosen)
        } catch {
            await viewModel.send(.projectRefused(TrackerError(wrapping: error)))
            presenter.show(viewModel.output)
            return false
        }
        await viewModel.send(.projectOpened)
        issues = factory.issueList()
        labels = factory.labels()
        milestones = factory.milestones()
        people = factory.people()
        return true
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
