import TerminalKit
import TrackerCore

/// A picker screen for labels or a milestone, started by the issue screen (`l`, `m`: saved on
/// `done`) and by the creator (the choice goes back into the draft).
@MainActor
public final class ChoiceCoordinator<Item: Equatable & Sendable>: Coordinator {
    public enum Outcome: Equatable, Sendable {
        /// Finished with `done`: what changed (and, for an issue, was saved).
        case chosen(ChoiceChange<Item>)
        /// Left with `:q`, end of input, or the choices could not be loaded: nothing changed.
        case cancelled
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: ChoiceViewModel<Item>
    private let terminal: any Terminal
    private let title: String
    private let prompt: String
    private let view: ChoiceView<Item>

    init(
        terminal: any Terminal, viewModel: ChoiceViewModel<Item>, title: String, prompt: String,
        name: @escaping (Item) -> String
    ) {
        self.terminal = terminal
        self.viewModel = viewModel
        self.title = title
        self.prompt = prompt
        view = ChoiceView(name: name)
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        if let failure = viewModel.output.failure {
            terminal.writeFailure(failure)
            return .cancelled
        }
        while true {
            view.render(viewModel.output, title: title, to: terminal)
            guard let line = terminal.readLine(prompt: prompt) else { return .cancelled }
            let route = await viewModel.send(.pick(PickerCommands.parse(line)))
            if let failure = viewModel.output.failure {
                terminal.writeFailure(failure)
            } else if case .finished(let change) = route {
                return change.map(Outcome.chosen) ?? .cancelled
            }
        }
    }
}

extension ChoiceCoordinator where Item == LabelName {
    public static func labels(
        terminal: any Terminal, dependencies: ScreenDependencies, mode: ChoiceMode<LabelName>
    ) -> ChoiceCoordinator {
        ChoiceCoordinator(
            terminal: terminal, viewModel: .labels(mode, dependencies: dependencies), title: "Labels",
            prompt: "pick labels> ",
            name: \.value)
    }
}

extension ChoiceCoordinator where Item == MilestoneTitle {
    public static func milestone(
        terminal: any Terminal, dependencies: ScreenDependencies, mode: ChoiceMode<MilestoneTitle>
    ) -> ChoiceCoordinator {
        ChoiceCoordinator(
            terminal: terminal, viewModel: .milestone(mode, dependencies: dependencies),
            title: "Milestone (at most one; none removes it)",
            prompt: "pick milestone> ", name: \.value)
    }
}
