/// Standard input's terminal while tracker reads keys itself: without line editing or echo for
/// the line front (`lineEditing`), and also without flow control or CR translation, on the
/// alternate screen with no line wrap, for the full-screen front (`fullScreen`). Ctrl-C and
/// Ctrl-Z still send their signals (ISIG stays on). The person's settings and screen come back
/// however it ends: when `leave` is called, at exit, when a signal ends the process (SIGINT,
/// SIGTERM, SIGHUP, SIGQUIT) or a crash does (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT,
/// whose earlier handlers, a backtracer's, then run), and while it is stopped by Ctrl-Z (the
/// mode comes back when it continues, and `wasResumed` says so).
public enum TerminalModes {
    public enum Kind: Sendable {
        case lineEditing
        case fullScreen
    }

    /// Runs `body` in the mode; nil when standard input's settings cannot be read or changed.
    static func during<Result>(_ kind: Kind, _ body: () -> Result) -> Result? {
        guard enter(kind) else { return nil }
        defer { leave() }
        return body()
    }

    /// Started in the background (`tracker &`), the terminal is the shell's: stop, as a job that
    /// reads from it would, until `fg` hands it over, rather than take its settings.
    public static func waitForForeground() {
        var disposition = sigaction()
        while isatty(STDIN_FILENO) == 1, !ownsTerminal(),
            sigaction(SIGTTIN, nil, &disposition) == 0, disposition.__sigaction_handler.sa_handler == nil
        {
            kill(0, SIGTTIN)
            // Continued: bash's `fg` may send SIGCONT a moment before it hands over the terminal,
            // so look again for a while before stopping again (a `bg` never hands it over).
            for _ in 0..<100 where !ownsTerminal() { usleep(2_000) }
        }
    }

    private static func ownsTerminal() -> Bool { tcgetpgrp(STDIN_FILENO) == getpgrp() }

    /// Switches to the mode; false (nothing changed) when standard input is not a terminal.
    public static func enter(_ kind: Kind) -> Bool {
        waitForForeground()
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return false }
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        if kind == .fullScreen { raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR) }
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        savedSettings = settings
        rawSettings = raw
        ScreenBytes.set(kind == .fullScreen ? ScreenBytes.fullScreen : nil)
        ModeSignals.install()
        isRaw = 1
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
            leave()
            return false
        }
        ScreenBytes.writeEntering()
        return true
    }

    /// Gives the person's settings and screen back.
    public static func leave() {
        restoreTerminal()
        ModeSignals.uninstall()
        ScreenBytes.set(nil)
    }

    /// Whether the process was stopped and continued since the last call: the screen holds the
    /// shell's lines now, so what was shown is to be drawn again. (The signal may land on any
    /// thread; `WindowChanges`'s pipe wakes a wait for a key.)
    public static func wasResumed() -> Bool {
        defer { resumed = 0 }
        return resumed != 0
    }
}

nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var rawSettings = termios()
nonisolated(unsafe) private var isRaw: sig_atomic_t = 0
nonisolated(unsafe) private var resumed: sig_atomic_t = 0

/// Safe in a signal handler: a flag and two system calls.
func restoreTerminal() {
    guard isRaw != 0 else { return }
    isRaw = 0
    ScreenBytes.writeLeaving()
    tcsetattr(STDIN_FILENO, TCSANOW, &savedSettings)
}

/// Ctrl-Z: the person's terminal back, then stopped as the default action does.
func stopForJobControl() {
    let wasRaw = isRaw
    restoreTerminal()
    isRaw = wasRaw
}

/// `fg`: the mode back, and the screen to be drawn again.
func continueAfterStop() {
    if isRaw != 0 {
        tcsetattr(STDIN_FILENO, TCSANOW, &rawSettings)
        ScreenBytes.writeEntering()
    }
    resumed = 1
    WindowChanges.notify()
}

/// What the full-screen mode writes on entering and leaving, kept where a signal handler can
/// write it without allocating.
enum ScreenBytes {
    struct Pair {
        let entering: [UInt8]
        let leaving: [UInt8]
    }

    /// The alternate screen (saving the cursor), no autowrap, the cursor hidden and the screen
    /// cleared; and back: the normal screen first, then the cursor and autowrap on it.
    static let fullScreen = Pair(
        entering: Array("\u{1B}[?1049h\u{1B}[?7l\u{1B}[?25l\u{1B}[H\u{1B}[2J".utf8),
        leaving: Array("\u{1B}[0m\u{1B}[?1049l\u{1B}[?25h\u{1B}[?7h".utf8))

    nonisolated(unsafe) private static var entering = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64)
    nonisolated(unsafe) private static var leaving = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64)
    nonisolated(unsafe) private static var enteringCount = 0
    nonisolated(unsafe) private static var leavingCount = 0

    static func set(_ pair: Pair?) {
        enteringCount = 0
        leavingCount = 0
        guard let pair else { return }
        _ = entering.initialize(from: pair.entering.prefix(entering.count))
        _ = leaving.initialize(from: pair.leaving.prefix(leaving.count))
        enteringCount = min(pair.entering.count, entering.count)
        leavingCount = min(pair.leaving.count, leaving.count)
    }

    static func writeEntering() {
        if enteringCount > 0 { _ = write(STDOUT_FILENO, entering.baseAddress, enteringCount) }
    }
    static func writeLeaving() { if leavingCount > 0 { _ = write(STDOUT_FILENO, leaving.baseAddress, leavingCount) } }
}
