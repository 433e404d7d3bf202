import Foundation
import Postgres

/// Opens `$VISUAL` or `$EDITOR` on a temporary file, only when a person is at a terminal.
enum BodyEditor {
    static func make(environment: [String: String]) -> (@Sendable (String) -> String?)? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
            let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty })
        else { return nil }
        return { text in
            let file = FileManager.default.temporaryDirectory.appending(path: "tracker-body-\(UUID().uuidString).md")
            defer { try? FileManager.default.removeItem(at: file) }
            guard (try? text.write(to: file, atomically: true, encoding: .utf8)) != nil,
                let status = try? ChildProcess.runAttached("/bin/sh", ["-c", "\(editor) \"$1\"", "sh", file.path]),
                status == 0
            else { return nil }
            return try? String(contentsOf: file, encoding: .utf8)
        }
    }
}
