/// The signal handlers that give the terminal back while `TerminalModes` holds it: installed on
/// entering a mode, the earlier ones put back on leaving it. A signal ignored by whoever started
/// tracker (nohup, a shell without job control) stays ignored.
enum ModeSignals {
    /// Signals that end the process: the terminal back, then the default action.
    static let ending = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// Crashes: the terminal back, then whatever handled them before (a backtracer), or the default.
    static let crashes = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    static func install() {
        guard !installed else { return }
        installed = true
        if !exitHandlerInstalled {
            exitHandlerInstalled = true
            atexit { restoreTerminal() }
        }
        for number in ending { replace(number, with: endingHandler) }
        for number in crashes { replace(number, with: crashHandler) }
        if !isIgnored(replace(SIGTSTP, with: stopHandler)) {
            replace(SIGCONT, with: continueHandler)
        }
    }

    static func uninstall() {
        guard installed else { return }
        installed = false
        for number in ending + crashes + [SIGTSTP, SIGCONT] where hasPrevious[Int(number)] {
            sigaction(number, &previous[Int(number)], nil)
            hasPrevious[Int(number)] = false
        }
    }

    /// Installs `handler` for `number` unless the signal is ignored; returns the earlier action.
    @discardableResult
    private static func replace(_ number: Int32, with handler: @escaping @convention(c) (Int32) -> Void) -> sigaction {
        var earlier = sigaction()
        sigaction(number, nil, &earlier)
        guard !isIgnored(earlier) else { return earlier }
        previous[Int(number)] = earlier
        hasPrevious[Int(number)] = true
        handle(number, with: handler)
        return earlier
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Puts back what handled `number` before tracker did (the default when nothing did).
    fileprivate static func restorePrevious(_ number: Int32) {
        if hasPrevious[Int(number)] {
            sigaction(number, &previous[Int(number)], nil)
        } else {
            signal(number, SIG_DFL)
        }
    }

    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var exitHandlerInstalled = false
    /// Indexed by signal number; arrays allocated once, so a handler never allocates.
    nonisolated(unsafe) fileprivate static var previous = UnsafeMutableBufferPointer<sigaction>.allocate(capacity: 65)
    nonisolated(unsafe) fileprivate static var hasPrevious: UnsafeMutableBufferPointer<Bool> = {
        let flags = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 65)
        flags.initialize(repeating: false)
        return flags
    }()
}

private func endingHandler(_ number: Int32) {
    restoreTerminal()
    signal(number, SIG_DFL)
    raise(number)
}

private func crashHandler(_ number: Int32) {
    restoreTerminal()
    ModeSignals.restorePrevious(number)
    raise(number)
}

private func stopHandler(_: Int32) {
    stopForJobControl()
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
}

private func continueHandler(_: Int32) {
    let saved = errno
    defer { errno = saved }
    handle(SIGTSTP, with: stopHandler)
    continueAfterStop()
}

/// Installs `handler` for `number` (no signal blocked beside it); safe in a signal handler.
func handle(_ number: Int32, with handler: @escaping @convention(c) (Int32) -> Void, flags: Int32 = 0) {
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
    #else
    action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    sigaction(number, &action, nil)
}
