import ChildProcesses

struct ProcessOutcome {
    var status: Int32
    var output: String
    var lastLine: String {
        output.split(separator: "\n").last.map(String.init) ?? "exit status \(status)"
    }
}

/// The account the private server runs under: the caller, or `postgres` when the caller is root.
struct ServerAccount {
    /// uid/gid to hand files to, and a command prefix, when the caller is root.
    let switchTo: (uid: uid_t, gid: gid_t)?

    static func current() throws -> ServerAccount {
        guard getuid() == 0 else { return ServerAccount(switchTo: nil) }
        guard let entry = getpwnam("postgres") else {
            throw LocalClusterError.noServerAccount
        }
        return ServerAccount(switchTo: (entry.pointee.pw_uid, entry.pointee.pw_gid))
    }

    func createDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        chmod(url.path, 0o700)
        if let switchTo { chown(url.path, switchTo.uid, switchTo.gid) }
    }

    /// Gives a file the caller wrote to the server's account, so the server's programs can read it.
    func handOver(_ url: URL) {
        chmod(url.path, 0o600)
        if let switchTo { chown(url.path, switchTo.uid, switchTo.gid) }
    }

    func run(_ program: URL, _ arguments: [String]) throws -> ProcessOutcome {
        let outcome =
            switchTo == nil
            ? try ChildProcess.run(program.path, arguments)
            : try ChildProcess.run("/usr/sbin/runuser", ["-u", "postgres", "--", program.path] + arguments)
        let text = String(decoding: outcome.stdout + outcome.stderr, as: UTF8.self)
        return ProcessOutcome(status: outcome.status, output: text)
    }
}
