import TerminalKit
import TrackerCore
import TrackerUI

/// A tab's prompt: switching tabs is understood before the tab's own commands.
@MainActor
enum TabPrompt {
    /// Reads lines until one switches tabs or `read` makes an input of it (nil: answered there).
    static func next<Action>(
        _ prompt: String, on terminal: any Terminal, read: (String) -> TabInput<Action>?
    ) -> TabInput<Action>? {
        while let line = terminal.readLine(prompt: prompt) {
            switch TabCommands.parse(line) {
            case .switchTo(let tab): return .switchTo(tab)
            case .unknownTab(let name): terminal.writeLine(TabBarView.unknown(name))
            case .switchProject(let key): return .switchProject(key)
            case .invalidProject(let failure): terminal.writeFailure(failure)
            case nil: if let input = read(line) { return input }
            }
        }
        return nil
    }

    /// The input the typed fields make, or the rule they break, for the view model to say.
    static func checked<Input>(invalid: (TrackerError) -> Input, _ make: () throws -> Input) -> Input {
        do {
            return try make()
        } catch {
            return invalid(TrackerError(wrapping: error))
        }
    }
}

/// What the Labels and Milestones tabs read alike: the commands they share, a label or milestone
/// found among the rows shown, a form's fields asked one prompt at a time, and a command the
/// session's level does not allow refused before anything is asked.
@MainActor
struct OrganizationPrompt<Action: Equatable & Sendable, Item, Input: Sendable> {
    let terminal: any Terminal
    let hints: [KeyHint]
    let refresh: Input
    let unknown: (String) -> Input
    let invalid: (TrackerError) -> Input
    /// What a command needs of the session's level (nil: anyone who reads).
    let needs: (TabLine<Action>) -> Permissions.Action?
    /// What the last output said the session may do.
    var permissions = Permissions.databaseDecides

    var help: String { KeyHints.line(hints, allowedBy: permissions) }

    /// What a parsed line asks of the tab; nil when it was answered here (help, a row not found,
    /// a form left with `:q`).
    func read(
        _ parsed: TabLine<Action>, find: (String) -> Result<Item, TrackerError>, new: () -> Input?,
        act: (Action, Item) -> Input?
    ) -> TabInput<Input>? {
        if let refusal = needs(parsed).flatMap(permissions.refusal) { return .screen(invalid(refusal)) }
        switch parsed {
        case .quit: return .quit
        case .help:
            terminal.writeHelp(help)
            return nil
        case .refresh: return .screen(refresh)
        case .unknown(let text): return .screen(unknown(text))
        case .new: return new().map(TabInput.screen)
        case .act(let action, let reference):
            switch find(reference) {
            case .failure(let failure):
                terminal.writeFailure(failure)
                return nil
            case .success(let item):
                return act(action, item).map(TabInput.screen)
            }
        }
    }

    /// One answer per prompt, in order; nil (said) when the person cancels at any of them.
    /// `checks[i]`, when given, checks the i-th answer as soon as it is typed: a refused one is
    /// said and asked again, so nothing typed before it is lost and nothing after it is asked
    /// in vain (a bad due date is refused before the description is typed).
    func ask(_ prompts: [String], checks: [Int: (String) throws -> Void] = [:]) -> [String]? {
        var answers: [String] = []
        for (index, prompt) in prompts.enumerated() {
            while true {
                guard let answer = terminal.readAnswer(prompt: prompt) else {
                    terminal.writeLine(TabFrameView.cancelled)
                    return nil
                }
                do {
                    try checks[index]?(answer)
                } catch {
                    terminal.writeFailure(TrackerError(wrapping: error))
                    continue
                }
                answers.append(answer)
                break
            }
        }
        return answers
    }
}
