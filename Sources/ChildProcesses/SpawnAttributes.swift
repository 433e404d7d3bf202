/// The spawn attributes of every child: no signal blocked, and the signals tracker may ignore at
/// their defaults. A child inherits its parent thread's signal mask and ignored signals, and the
/// threads that start children (Swift's and libdispatch's) block nearly all signals: a pgbouncer
/// started so never saw the SIGTERM that stops it, an editor never saw Ctrl-C.
enum SpawnAttributes {
    static let defaulted = [SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU]

    static func withClean<T>(_ body: (UnsafePointer<posix_spawnattr_t>) throws -> T) rethrows -> T {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaulted { sigaddset(&defaults, signal) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return try body(&attributes)
    }
}
