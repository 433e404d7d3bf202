import ChildProcesses

/// The real full screen: standard output's alternate screen, keys from standard input in raw
/// mode (`TerminalModes.fullScreen`), the size read again whenever the window changes. Opened
/// for a session and closed at its end; every other way out (a signal, a crash, Ctrl-Z) gives
/// the person's screen back too, and `fg` draws the screen again.
@MainActor
public final class TerminalScreen: Screen {
    public let colorDepth: ColorDepth
    private let environment: [String: String]
    private var painter = FramePainter()
    private var keys = KeyReader()
    private var measured: TerminalSize
    private var generation: Int
    private var isOpen = true

    /// Takes the screen; nil when standard input and output are not both a terminal or its
    /// settings cannot be changed.
    public init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        WindowChanges.listen()
        guard TerminalModes.enter(.fullScreen) else { return nil }
        self.environment = environment
        colorDepth = ColorDepth(isTTY: true, environment: environment)
        measured = TerminalScreen.measure(environment)
        generation = WindowChanges.generation
    }

    /// Gives the person's screen and settings back.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        TerminalModes.leave()
    }

    public var size: TerminalSize {
        if generation != WindowChanges.generation {
            generation = WindowChanges.generation
            measured = TerminalScreen.measure(environment)
        }
        return measured
    }

    public var hasTypedAhead: Bool { keys.hasQueuedKeys }

    public func draw(_ frame: Frame) {
        StandardStreams.writeOutput(Array(painter.paint(frame, size: size).utf8))
    }

    public func nextEvent(wake: WakePipe?) -> KeyEvent {
        let event = keys.next(wake: wake)
        if event == .windowChanged, TerminalModes.wasResumed() { painter.invalidate() }
        return event
    }

    public func suspended<Result>(_ body: () -> Result) -> Result {
        TerminalModes.leave()
        defer {
            _ = TerminalModes.enter(.fullScreen)
            painter.invalidate()
        }
        return body()
    }

    /// The window's size as the terminal tells it (`COLUMNS` and `LINES` do not hold here: the
    /// screen follows the window).
    private static func measure(_ environment: [String: String]) -> TerminalSize {
        var told = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &told) == 0, told.ws_col > 0, told.ws_row > 0 {
            return TerminalSize(columns: Int(told.ws_col), rows: Int(told.ws_row))
        }
        return TerminalSize.standardOutput(environment: environment) ?? TerminalSize(columns: 80, rows: 24)
    }
}
