import TerminalKit
import TrackerCore

/// The Labels tab: lists the labels and creates (`n`), edits (`e`) and deletes (`d`, after a
/// y/N question) them, asking for each field at its own prompt.
@MainActor
public final class LabelsCoordinator: Coordinator {
    public typealias Outcome = TabOutcome

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: LabelsViewModel
    private let terminal: any Terminal
    private let view = LabelsView()

    public init(terminal: any Terminal, dependencies: ScreenDependencies) {
        self.terminal = terminal
        viewModel = LabelsViewModel(useCases: dependencies.organization, actor: dependencies.actor)
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        view.render(viewModel.output, to: terminal)
        while let line = terminal.readLine(prompt: "labels> ") {
            switch TabCommands.parse(line) {
            case .switchTo(let tab): return .switchTo(tab)
            case .unknownTab(let name): terminal.writeLine(TabBarView.unknown(name))
            case nil: if await handle(LabelsCommands.parse(line)) == .quit { return .quit }
            }
        }
        return .quit
    }

    private enum Next { case stay, quit }

    private func handle(_ command: LabelsCommands.Parsed) async -> Next {
        switch command {
        case .quit:
            return .quit
        case .help:
            terminal.writeLine(LabelsCommands.help)
            return .stay
        case .refresh:
            await viewModel.send(.appear)
        case .unknown(let text):
            await viewModel.send(.unknown(text))
            view.render(viewModel.output, to: terminal)
            terminal.writeLine(LabelsCommands.help)
            return .stay
        case .new:
            guard let fields = askNew() else { return cancelled() }
            await viewModel.send(.create(fields))
        case .edit(let reference):
            guard let label = found(reference) else { return .stay }
            guard let fields = askChanges(to: label) else { return cancelled() }
            await viewModel.send(.edit(label.name, fields))
        case .delete(let reference):
            guard let label = found(reference) else { return .stay }
            let question = "Delete label \(LabelsViewModel.quoted(label.name))? It is taken off every issue. [y/N] "
            guard let answer = terminal.readAnswer(prompt: question), answer.lowercased().hasPrefix("y") else {
                return cancelled()
            }
            await viewModel.send(.delete(label.name))
        }
        view.render(viewModel.output, to: terminal)
        return .stay
    }

    private func found(_ reference: String) -> Label? {
        let label = viewModel.label(reference)
        if let failure = viewModel.output.failure { terminal.writeFailure(failure) }
        return label
    }

    private func askNew() -> LabelsViewModel.Fields? {
        guard let name = terminal.readAnswer(prompt: "Name: "),
            let color = terminal.readAnswer(prompt: "Colour (RRGGBB, Enter picks one): "),
            let description = terminal.readAnswer(prompt: "Description (Enter for none): ")
        else { return nil }
        return .init(name: name, color: color, description: description)
    }

    private func askChanges(to label: Label) -> LabelsViewModel.Fields? {
        let description = label.description.isEmpty ? "none" : "'\(VisibleText.line(label.description))'"
        guard let name = terminal.readAnswer(prompt: "Name [Enter keeps \(LabelsViewModel.quoted(label.name))]: "),
            let color = terminal.readAnswer(prompt: "Colour [Enter keeps \(label.color.hex)]: "),
            let newDescription = terminal.readAnswer(prompt: "Description [Enter keeps \(description)]: ")
        else { return nil }
        return .init(name: name, color: color, description: newDescription)
    }

    private func cancelled() -> Next {
        terminal.writeLine("Cancelled: nothing was written.")
        return .stay
    }
}
