import TrackerCore

/// The assignee screen, started by the issue screens (for an existing issue: saved on done) and
/// by the creator (for a draft: the choice goes back to the creator); from the list's toggle it
/// saves at once, with no picker.
@MainActor
public final class AssigneeCoordinator: Coordinator {
    public enum Mode: Equatable, Sendable {
        case issue(IssueNumber)
        case draft([Login])
        /// The list's `a N LOGIN…`: toggles those people on the issue, with no picker.
        case toggle(IssueNumber, [Login])
    }

    public enum Outcome: Equatable, Sendable {
        /// Finished: who is chosen (and, for an issue, saved).
        case chosen([Login])
        /// Left unchanged, or input ended: nothing changed.
        case cancelled
        /// The issue could not be loaded or changed (`a 999`): said, nothing changed.
        case notShown
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: AssigneeViewModel
    private let presenter: any AssigneePresenter
    private let mode: Mode

    init(factory: ScreenFactory, mode: Mode) {
        self.mode = mode
        presenter = factory.presenters.assignees(mode)
        viewModel = factory.assigneeViewModel(mode)
    }

    /// What leaving the picker (or the toggle) saved on the issue, for the screen shown after it to say.
    public var change: AssigneeViewModel.Change? { viewModel.output.change }

    public func start() async -> Outcome {
        if case .toggle(_, let people) = mode { return await toggle(people) }
        await viewModel.send(.appear)
        // The issue could not be loaded (e.g. `a 999`): the presenter says so and no picker opens.
        guard viewModel.failure == nil else {
            presenter.show(viewModel.output)
            return .notShown
        }
        while true {
            presenter.show(viewModel.output)
            guard let action = await presenter.next() else { return .cancelled }
            // The screen that opened the picker says what changed once it is shown again.
            if case .finished(let chosen) = await viewModel.send(.pick(action)), viewModel.failure == nil {
                return chosen.map(Outcome.chosen) ?? .cancelled
            }
        }
    }

    private func toggle(_ people: [Login]) async -> Outcome {
        let route = await viewModel.send(.toggle(people))
        presenter.show(viewModel.output)
        guard viewModel.failure == nil else { return .notShown }
        guard case .finished(let chosen?) = route else { return .cancelled }
        return .chosen(chosen)
    }
}

/// The assignee screen's presenter: the picker, or after a toggle what it saved.
public typealias AssigneePresenter = Presenter<AssigneeViewModel.Output, PickerAction>
