import TrackerCore

/// A picker screen for labels or a milestone, started by the issue screen (saved on done) and by
/// the creator (the choice goes back into the draft).
@MainActor
public final class ChoiceCoordinator<Item: Equatable & Sendable>: Coordinator {
    public enum Outcome: Equatable, Sendable {
        /// Finished: what changed (and, for an issue, was saved).
        case chosen(ChoiceChange<Item>)
        /// Left unchanged, input ended, or the choices could not be loaded: nothing changed.
        case cancelled

        public var change: ChoiceChange<Item>? {
            if case .chosen(let change) = self { change } else { nil }
        }
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: ChoiceViewModel<Item>
    private let presenter: any Presenter<ChoiceViewModel<Item>.Output, PickerAction>

    init(viewModel: ChoiceViewModel<Item>, presenter: any Presenter<ChoiceViewModel<Item>.Output, PickerAction>) {
        self.viewModel = viewModel
        self.presenter = presenter
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        guard viewModel.failure == nil else {
            presenter.show(viewModel.output)
            return .cancelled
        }
        while true {
            presenter.show(viewModel.output)
            guard let action = await presenter.next() else { return .cancelled }
            if case .finished(let change) = await viewModel.send(.pick(action)), viewModel.failure == nil {
                return change.map(Outcome.chosen) ?? .cancelled
            }
        }
    }
}
