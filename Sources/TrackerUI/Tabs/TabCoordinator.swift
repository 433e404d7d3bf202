/// A tab whose screen opens no other (Labels, People): the tab's loop over its view model and
/// presenter, until the person leaves the tab.
@MainActor
public final class TabCoordinator<Model: ViewModel>: Coordinator where Model.Route == Never {
    public typealias Outcome = TabOutcome

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: Model
    private let presenter: any Presenter<Model.Output, TabInput<Model.Input>>
    /// What loads the tab's list each time it is shown.
    private let appear: Model.Input

    init(viewModel: Model, presenter: any Presenter<Model.Output, TabInput<Model.Input>>, appear: Model.Input) {
        self.viewModel = viewModel
        self.presenter = presenter
        self.appear = appear
    }

    public func start() async -> Outcome {
        await runTab(viewModel, appear: appear, presenter: presenter)
    }
}

/// The Labels tab: lists the labels and creates, edits and deletes them.
public typealias LabelsCoordinator = TabCoordinator<LabelsViewModel>
public typealias LabelsPresenter = Presenter<LabelsViewModel.Output, TabInput<LabelsViewModel.Input>>

/// The People tab: the users with their open assignments; adds one.
public typealias PeopleCoordinator = TabCoordinator<PeopleViewModel>
public typealias PeoplePresenter = Presenter<PeopleViewModel.Output, TabInput<PeopleViewModel.Input>>
