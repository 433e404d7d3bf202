import ChildProcesses
import TerminalKit
import TrackerUI

/// Output a person reads through a pager, as gh and git show it: `TRACKER_PAGER`, else the config
/// file's `pager`, else `PAGER`, else `less -FRX` (quits when the text fits one screen, keeps colours, leaves it on the screen).
/// Never when standard output is not a terminal; `--no-pager`, an empty value or `cat` print
/// directly, and so does a pager that cannot be found or started, with no error.
struct Pager {
    let command: String
    let environment: [String: String]

    /// The pager for this run, nil when output goes straight to standard output.
    init?(disabled: Bool, environment: [String: String]) {
        guard !disabled, isatty(STDOUT_FILENO) == 1 else { return nil }
        let chosen = environment["TRACKER_PAGER"] ?? Settings.shared.pager ?? environment["PAGER"] ?? "less -FRX"
        let command = chosen.trimmed
        guard !command.isEmpty, command != "cat", Pager.programExists(command, path: environment["PATH"]) else {
            return nil
        }
        self.command = command
        // As gh does: less and lv behave as above even when the pager is named without flags.
        self.environment = environment.merging(["LESS": "FRX", "LV": "-c"]) { mine, _ in mine }
    }

    /// Shows `text` in the pager and waits until the person leaves it (early, with `q`, is fine:
    /// the rest is not written). If the pager could not run, the text goes to `terminal` directly.
    @MainActor
    func show(_ text: String, otherwiseOn terminal: any Terminal) {
        let bytes = Array(text.utf8)
        let interrupts = [SIGINT, SIGQUIT].map { ($0, signal($0, SIG_IGN)) }  // Ctrl-C belongs to the pager
        defer { for (number, previous) in interrupts { signal(number, previous) } }
        guard let pager = try? FedProcess.start("/bin/sh", ["-c", "exec " + command], environment: environment) else {
            return terminal.write(text)
        }
        _ = StandardStreams.drain(bytes, to: pager.input)
        let status = (try? pager.finish()) ?? 0
        // The shell's "cannot execute" and "not found": nothing was shown.
        if status == 126 || status == 127 { terminal.write(text) }
    }

    /// Whether the command's first word names a program: a path, or a name on `PATH`.
    static func programExists(_ command: String, path: String?) -> Bool {
        let program = String(command.prefix { !$0.isWhitespace })
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
        return (path ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
        }
    }
}
