/// The Milestones tab: progress of each milestone; creates, closes and reopens them, and opens a
/// milestone's issues (a filtered issue list whose back comes here).
@MainActor
public final class MilestonesCoordinator: Coordinator {
    public typealias Outcome = TabOutcome

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: MilestonesViewModel
    private let presenter: any MilestonesPresenter
    private let factory: ScreenFactory

    init(factory: ScreenFactory) {
        self.factory = factory
        presenter = factory.presenters.milestones()
        viewModel = factory.milestonesViewModel()
    }

    public func start() async -> Outcome {
        await runTab(viewModel, appear: .appear, presenter: presenter) { route in
            guard case .issues(let title) = route else { return nil }
            let outcome = await run(factory.issueList(scope: .milestone(title)))
            guard outcome == .back else { return outcome }
            await viewModel.send(.appear)
            return nil
        }
    }
}

/// The Milestones tab's presenter.
public typealias MilestonesPresenter = Presenter<MilestonesViewModel.Output, TabInput<MilestonesViewModel.Input>>
