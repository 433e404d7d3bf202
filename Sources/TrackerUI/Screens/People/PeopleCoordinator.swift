import TerminalKit
import TrackerCore

/// The People tab: the users with their open assignments; `n LOGIN [NAME]` adds one.
@MainActor
public final class PeopleCoordinator: Coordinator {
    public typealias Outcome = TabOutcome

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: PeopleViewModel
    private let terminal: any Terminal
    private let view = PeopleView()

    public init(terminal: any Terminal, dependencies: ScreenDependencies) {
        self.terminal = terminal
        viewModel = PeopleViewModel(listUsers: dependencies.listUsers, addUser: dependencies.organization.addUser)
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        view.render(viewModel.output, to: terminal)
        while let line = terminal.readLine(prompt: "people> ") {
            switch TabCommands.parse(line) {
            case .switchTo(let tab):
                return .switchTo(tab)
            case .unknownTab(let name):
                terminal.writeLine(TabBarView.unknown(name))
            case nil:
                switch PeopleCommands.parse(line) {
                case .quit:
                    return .quit
                case .help:
                    terminal.writeLine(PeopleCommands.help)
                case .input(let input):
                    await viewModel.send(input)
                    view.render(viewModel.output, to: terminal)
                    if case .unknown = input { terminal.writeLine(PeopleCommands.help) }
                }
            }
        }
        return .quit
    }
}
