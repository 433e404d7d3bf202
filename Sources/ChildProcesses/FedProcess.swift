/// A program on the caller's terminal (standard output and error inherited) reading its standard
/// input from a pipe the caller writes to: a pager. It starts with the signals the caller may
/// ignore (SIGINT, SIGQUIT, SIGPIPE) at their defaults and none blocked.
public struct FedProcess: Sendable {
    public let pid: pid_t
    /// The pipe's writing end; `finish` closes it.
    public let input: Int32
    let executable: String

    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]
    ) throws
        -> FedProcess
    {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ChildProcessError("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = SpawnAttributes.withClean { posix_spawn(&pid, executable, &actions, $0, argv, envp) }
        guard spawned == 0 else {
            close(ends[1])
            throw ChildProcessError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        return FedProcess(pid: pid, input: ends[1], executable: executable)
    }

    /// Closes the input, so the program sees its end, and waits for the program: its exit
    /// status, or 128 + the signal that ended it.
    public func finish() throws -> Int32 {
        close(input)
        return try ChildProcess.waitForExit(pid, executable)
    }
}
