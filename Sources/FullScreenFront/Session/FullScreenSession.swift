import ChildProcesses
import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// What every presenter of the full-screen front shares: the screen, who acts, the person's
/// editor (run with their own terminal back), and lines a screen that ended leaves for the next
/// one drawn.
@MainActor
final class FullScreenSession {
    let screen: any Screen
    let me: Login
    private let editor: BodyEditing?
    /// Said by the next screen drawn (how restoring a draft ended, shown once the list is up).
    var carried: [String] = []

    init(screen: any Screen, me: Login, editBody: BodyEditing?) {
        self.screen = screen
        self.me = me
        editor = editBody
    }

    /// The person's editor, run with their own terminal back; nil when they have none.
    var editBody: ((String) -> String?)? {
        guard let editor else { return nil }
        return { text in self.screen.suspended { editor(text) } }
    }

    var size: TerminalSize { screen.size }

    /// What a line front view writes, as lines of the screen's width and colours.
    func words(_ write: (any Terminal) -> Void) -> [String] {
        CollectedLines.of(width: size.columns, colorDepth: screen.colorDepth, write)
    }

    /// A failure as the screens say it: `! ` and the escaped error.
    func failure(_ error: TrackerError) -> [String] {
        words { $0.writeFailure(error) }
    }

    /// Draws `layout`, unless keys typed ahead make it stale before it is seen.
    func draw(_ layout: ScreenLayout) {
        guard !screen.hasTypedAhead else { return }
        screen.draw(layout.frame(size: size))
    }

    /// The lines carried from an earlier screen, once.
    func takeCarried() -> [String] {
        defer { carried = [] }
        return carried
    }
}

extension Tab {
    /// The tab Tab goes to from this one, or Shift-Tab.
    func neighbour(forward: Bool) -> Tab {
        let all = Tab.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + (forward ? 1 : all.count - 1)) % all.count]
    }

    /// The tab a key switches to: `1`–`4`, Tab and Shift-Tab.
    func switched(by key: Key) -> Tab? {
        switch key {
        case .tab: neighbour(forward: true)
        case .backTab: neighbour(forward: false)
        case .text(let scalar): Int(String(scalar)).flatMap(Tab.init(rawValue:))
        default: nil
        }
    }
}

extension FullScreenSession {
    /// Waits for keys until `handle` makes something of one; nil when input ends.
    func read<Result>(layout: () -> ScreenLayout, _ handle: (Key) -> Result?) -> Result? {
        while true {
            guard case .key(let key) = nextEvent(layout: layout) else { return nil }
            if let result = handle(key) { return result }
        }
    }

    /// Draws what `layout` gives and waits for a key, live news or the end of input; a window
    /// that changed size is drawn again at its new size (the layout is asked again).
    func nextEvent(wake: WakePipe? = nil, layout: () -> ScreenLayout) -> KeyEvent {
        while true {
            draw(layout())
            let event = screen.nextEvent(wake: wake)
            if event != .windowChanged { return event }
        }
    }
}
