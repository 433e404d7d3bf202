/// The People tab: the users with their open assignments; adds one.
@MainActor
public final class PeopleCoordinator: Coordinator {
    public typealias Outcome = TabOutcome

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: PeopleViewModel
    private let presenter: any PeoplePresenter

    init(factory: ScreenFactory) {
        presenter = factory.presenters.people()
        viewModel = factory.peopleViewModel()
    }

    public func start() async -> Outcome {
        await runTab(viewModel, appear: .appear, presenter: presenter)
    }
}

/// The People tab's presenter.
public typealias PeoplePresenter = Presenter<PeopleViewModel.Output, TabInput<PeopleViewModel.Input>>
