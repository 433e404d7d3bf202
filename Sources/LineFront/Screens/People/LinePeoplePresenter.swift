import TerminalKit
import TrackerCore
import TrackerUI

/// The People tab at a line prompt: `people> `, and `n LOGIN [NAME]` to add someone.
@MainActor
final class LinePeoplePresenter: PeoplePresenter {
    private let terminal: any Terminal
    private let view = PeopleView()
    private var permissions = Permissions.databaseDecides

    init(terminal: any Terminal) {
        self.terminal = terminal
    }

    func show(_ output: PeopleViewModel.Output) {
        permissions = output.permissions
        view.render(output, to: terminal)
        if case .unknownCommand? = output.notice, output.failure == nil {
            terminal.writeHelp(PeopleCommands.help(allowedBy: permissions))
        }
    }

    func next() async -> TabInput<PeopleViewModel.Input>? {
        TabPrompt.next("people> ", on: terminal) { line in
            switch PeopleCommands.parse(line) {
            case .quit: return .quit
            case .help:
                terminal.writeHelp(PeopleCommands.help(allowedBy: permissions))
                return nil
            case .refresh: return .screen(.appear)
            case .unknown(let text): return .screen(.unknown(text))
            case .add(let login, let name):
                if let refusal = permissions.refusal(.addUsers) { return .screen(.invalid(refusal)) }
                return .screen(
                    TabPrompt.checked(invalid: PeopleViewModel.Input.invalid) {
                        .add(try User(login: Login(typed: login), name: name))
                    })
            }
        }
    }
}
