import ChildProcesses

/// Opens the person's editor on a temporary file, only when a person is at a terminal. The
/// editor is the config file's `editor`, else `$VISUAL`, else `$EDITOR` (gh's order, below its
/// own `GH_EDITOR`), else the first of `editor` (Debian's chosen one), `nano` and `vi` on
/// `PATH`, as git falls back.
enum BodyEditor {
    static let fallbacks = ["editor", "nano", "vi"]

    /// `fallback`: with none named, the commands fall back to `editor`, `nano`, `vi`; the
    /// screens read typed lines instead (a lone `.` ends them).
    static func make(
        environment: [String: String], configured: String? = Settings.shared.editor, fallback: Bool = true
    ) -> (@Sendable (String) -> String?)? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
            let editor = command(environment: environment, configured: configured, fallback: fallback)
        else { return nil }
        return { text in edit(text, editor: editor, in: FileManager.default.temporaryDirectory) }
    }

    /// The editor's command: the first of those above that is set, or found.
    static func command(environment: [String: String], configured: String?, fallback: Bool = true) -> String? {
        let named = [configured, environment["VISUAL"], environment["EDITOR"]].compactMap { $0?.trimmed }
        if let chosen = named.first(where: { !$0.isEmpty }) { return chosen }
        guard fallback else { return nil }
        return fallbacks.first { Pager.programExists($0, path: environment["PATH"]) }
    }

    /// The text after `editor` changed it, or nil when it failed. The file is 0600 in a new 0700
    /// folder with an unpredictable name, both removed afterwards.
    static func edit(_ text: String, editor: String, in root: URL) -> String? {
        guard let folder = try? PrivateFile.makeTemporaryFolder(in: root, prefix: "tracker-edit-") else { return nil }
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "body.md")
        guard (try? PrivateFile.create(file, contents: Data(text.utf8))) != nil,
            let status = try? ChildProcess.runAttached("/bin/sh", ["-c", "\(editor) \"$1\"", "sh", file.path]),
            status == 0,
            let data = try? PrivateFile.contents(of: file)
        else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
