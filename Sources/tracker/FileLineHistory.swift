import TerminalKit
import TrackerCore

/// The lines a person typed at the line front's command prompts, kept per tracker user in
/// `$XDG_STATE_HOME/tracker/history-LOGIN` (beside the drafts), one line each, readable by their
/// owner only. Written whole to a new 0600 file beside it, then renamed over it, as drafts are.
struct FileLineHistory: LineHistoryStore {
    let file: URL
    private let folder: URL

    init(environment: [String: String], login: Login) {
        folder = FileDraftRepository(environment: environment).folder
        file = folder.appending(path: "history-\(login.value.lowercased())")
    }

    func load() -> [String] {
        guard let data = try? PrivateFile.contents(of: file), let text = String(data: data, encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").map(String.init)
    }

    /// A history that cannot be kept is given up quietly: the typing itself is not lost.
    func save(_ lines: [String]) {
        let scratch = folder.appending(path: ".history-\(UUID().uuidString)")
        do {
            try PrivateFile.ensureOwnFolder(folder)
            try PrivateFile.create(scratch, contents: Data(lines.map { $0 + "\n" }.joined().utf8))
            if rename(scratch.path, file.path) != 0 { unlink(scratch.path) }
        } catch {
            unlink(scratch.path)
        }
    }
}
