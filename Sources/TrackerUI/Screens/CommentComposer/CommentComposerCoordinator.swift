import TrackerCore

/// A new comment on one issue, started from the issue screen. A comment that breaks the rules
/// (an empty one) is refused and asked again; cancelling writes nothing.
@MainActor
public final class CommentComposerCoordinator: Coordinator {
    public enum Outcome: Equatable, Sendable {
        case posted(Comment)
        case cancelled
        /// Not posted: why, and whether the text is kept in the issue's comment draft.
        case notPosted(TrackerError, kept: Bool)
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: CommentComposerViewModel
    private let presenter: any CommentComposerPresenter

    init(factory: ScreenFactory, number: IssueNumber) {
        presenter = factory.presenters.commentComposer()
        viewModel = factory.commentComposerViewModel(number)
    }

    public func start() async -> Outcome {
        presenter.show(viewModel.output)
        while viewModel.output.step != .ready {
            guard let input = await presenter.next(), await viewModel.send(input) != .cancelled else {
                return .cancelled
            }
            presenter.show(viewModel.output)
        }
        await viewModel.send(.post)
        let output = viewModel.output
        if let comment = output.posted { return .posted(comment) }
        return .notPosted(output.whyNotPosted, kept: output.kept)
    }
}

/// The comment composer's presenter.
public typealias CommentComposerPresenter = Presenter<
    CommentComposerViewModel.Output, CommentComposerViewModel.Input
>
