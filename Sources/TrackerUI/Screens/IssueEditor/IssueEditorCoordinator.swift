import TrackerCore

/// The edit of one issue's title and body, started from the issue screen: the new text is asked
/// for (the title, then the body, or both at once in the person's editor) and saved against the
/// version read. When someone else changed the issue meanwhile, the screen says what they changed
/// and offers to apply the text to the new version; declining leaves the text kept as a draft.
/// Cancelling writes nothing.
@MainActor
public final class IssueEditorCoordinator: Coordinator {
    public enum Outcome: Equatable, Sendable {
        case saved(Issue)
        /// The text was the text read: nothing was written.
        case unchanged
        case cancelled
        /// Not saved (a conflict the person did not resolve, or a failure); `kept` when the text
        /// is in the issue's edit draft.
        case notSaved(TrackerError, kept: Bool)
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueEditorViewModel
    private let presenter: any IssueEditorPresenter

    init(factory: ScreenFactory, number: IssueNumber) {
        presenter = factory.presenters.issueEditor()
        viewModel = factory.issueEditorViewModel(number)
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        // Not read, nothing written: the screen that opened this one says the one line.
        if let failure = viewModel.failure { return .notSaved(failure, kept: false) }
        presenter.show(viewModel.output)
        while true {
            if viewModel.output.step == .ready, let outcome = await save() { return outcome }
            guard let input = await presenter.next(), await viewModel.send(input) != .cancelled else {
                return leftUnsaved
            }
            presenter.show(viewModel.output)
            if input == .reload, let failure = viewModel.failure { return .notSaved(failure, kept: true) }
        }
    }

    /// The outcome once saving ends the screen; nil after a conflict, which asks what to do.
    private func save() async -> Outcome? {
        await viewModel.send(.save)
        switch viewModel.output.result {
        case .saved(let issue): return .saved(issue)
        case .unchanged, nil: return .unchanged
        case .failed(let failure, let kept): return .notSaved(failure, kept: kept)
        case .conflict:
            presenter.show(viewModel.output)
            return nil
        }
    }

    /// Leaving before the text was saved: after a conflict the text is kept as a draft.
    private var leftUnsaved: Outcome {
        guard let conflict = viewModel.output.conflict else { return .cancelled }
        return .notSaved(.editConflict(conflict), kept: true)
    }
}

/// The edit screen's presenter.
public typealias IssueEditorPresenter = Presenter<IssueEditorViewModel.Output, IssueEditorViewModel.Input>
