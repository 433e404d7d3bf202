/// Standard input's terminal without line editing or echo (`LineEditor` does both), for as long
/// as one line is read. Ctrl-C and Ctrl-Z still send their signals (ISIG stays on), and the
/// person's settings come back however the read ends: when it returns, at exit, when a signal
/// ends the process, and while it is stopped (raw again when it continues).
enum RawInputMode {
    /// Runs `body` in raw mode; nil when standard input's settings cannot be read or changed.
    static func during<Result>(_ body: () -> Result) -> Result? {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        savedSettings = settings
        rawSettings = raw
        installHandlers()
        isRaw = 1
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
            restoreSettings()
            return nil
        }
        defer { restoreSettings() }
        return body()
    }

    private static func installHandlers() {
        if !exitHandlerInstalled {
            exitHandlerInstalled = true
            atexit { restoreTerminal() }
        }
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            let previous = signal(number) { number in
                restoreTerminal()
                _ = signal(number, SIG_DFL)
                raise(number)
            }
            previousHandlers[number] = previous
            if isIgnored(previous) { _ = signal(number, SIG_IGN) }
        }
        let previousStop = signal(SIGTSTP, stopped)
        previousHandlers[SIGTSTP] = previousStop
        if isIgnored(previousStop) {
            _ = signal(SIGTSTP, SIG_IGN)
        } else {
            previousHandlers[SIGCONT] = signal(SIGCONT, continued)
        }
    }

    /// A signal ignored by whoever started tracker (nohup, a shell without job control) stays
    /// ignored.
    private static func isIgnored(_ handler: SignalHandler?) -> Bool {
        unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Whether the process was stopped and continued since the last call: the screen holds the
    /// shell's lines now, so the prompt and the line so far are to be shown again. (The signal
    /// may land on any thread, so a waiting `read` is not interrupted: the next key tells.)
    static func wasResumed() -> Bool {
        defer { resumed = 0 }
        return resumed != 0
    }

    private static func restoreSettings() {
        restoreTerminal()
        for (number, handler) in previousHandlers { _ = signal(number, handler) }
        previousHandlers = [:]
    }
}

nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var rawSettings = termios()
nonisolated(unsafe) private var isRaw: sig_atomic_t = 0
nonisolated(unsafe) private var resumed: sig_atomic_t = 0
nonisolated(unsafe) private var exitHandlerInstalled = false
nonisolated(unsafe) private var previousHandlers: [Int32: SignalHandler?] = [:]

private typealias SignalHandler = @convention(c) (Int32) -> Void

/// Safe in a signal handler: a flag and one system call.
private func restoreTerminal() {
    guard isRaw != 0 else { return }
    isRaw = 0
    tcsetattr(STDIN_FILENO, TCSANOW, &savedSettings)
}

private func stopped(_: Int32) {
    let wasRaw = isRaw
    restoreTerminal()
    isRaw = wasRaw
    _ = signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
}

private func continued(_: Int32) {
    _ = signal(SIGTSTP, stopped)
    if isRaw != 0 { tcsetattr(STDIN_FILENO, TCSANOW, &rawSettings) }
    resumed = 1
}
