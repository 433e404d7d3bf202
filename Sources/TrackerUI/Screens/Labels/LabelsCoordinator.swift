/// The Labels tab: lists the labels and creates, edits and deletes them.
@MainActor
public final class LabelsCoordinator: Coordinator {
    public typealias Outcome = TabOutcome

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: LabelsViewModel
    private let presenter: any LabelsPresenter

    init(factory: ScreenFactory) {
        presenter = factory.presenters.labels()
        viewModel = factory.labelsViewModel()
    }

    public func start() async -> Outcome {
        await runTab(viewModel, appear: .appear, presenter: presenter)
    }
}

/// The Labels tab's presenter.
public typealias LabelsPresenter = Presenter<LabelsViewModel.Output, TabInput<LabelsViewModel.Input>>
