import FullScreenFront
import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// Which front the interactive screens are shown on: full screen at a terminal, the line front
/// for pipes (standard input or output not a terminal), `TERM=dumb` or no `TERM`, and `--plain`.
@MainActor
enum Front {
    static func fullScreen(plain: Bool, environment: [String: String]) -> Bool {
        guard !plain, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
        TerminalModes.waitForForeground()
        let term = environment["TERM"] ?? ""
        return !term.isEmpty && term != "dumb"
    }

    static func show(acting actor: Login, permissions: Permissions, on root: CompositionRoot, plain: Bool) async {
        let editBody = BodyEditor.make(environment: root.environment, fallback: false)
        if fullScreen(plain: plain, environment: root.environment),
            let screen = TerminalScreen(environment: root.environment)
        {
            let front = FullScreenPresenters(screen: screen, me: actor, editBody: editBody)
            await root.screens(actor: actor, permissions: permissions, presenters: front).app().start()
            screen.close()
            return
        }
        let history = LineHistory(store: FileLineHistory(environment: root.environment, login: actor))
        root.terminal.assist = PromptAssist(history: history, lookup: root.nameLookup())
        await root.screens(actor: actor, permissions: permissions, on: root.terminal).app().start()
    }
}
