import ChildProcesses

/// Opens `$VISUAL` or `$EDITOR` on a temporary file, only when a person is at a terminal.
enum BodyEditor {
    static func make(environment: [String: String]) -> (@Sendable (String) -> String?)? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
            let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty })
        else { return nil }
        return { text in edit(text, editor: editor, in: FileManager.default.temporaryDirectory) }
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
