import Foundation
import TrackerCore

/// Keeps the one unsaved draft as JSON in `$XDG_STATE_HOME/tracker/draft.json`
/// (default `~/.local/state/tracker/draft.json`), readable by its owner only.
struct FileDraftRepository: DraftRepository {
    let file: URL

    init(environment: [String: String]) {
        let stateHome =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appending(path: ".local/state")
        file = stateHome.appending(path: "tracker/draft.json")
    }

    /// Written to a new 0600 file beside it, then renamed over it: a reader never sees half a
    /// draft, and a symbolic link planted at `draft.json` is replaced, not written through.
    func save(_ draft: SavedDraft) throws {
        let folder = file.deletingLastPathComponent()
        try PrivateFile.ensureOwnFolder(folder)
        let scratch = folder.appending(path: ".draft-\(UUID().uuidString).json")
        do {
            try PrivateFile.create(scratch, contents: try JSONEncoder().encode(draft))
            guard rename(scratch.path, file.path) == 0 else {
                throw PrivateFileError("cannot save \(file.path)", errno)
            }
        } catch {
            unlink(scratch.path)
            throw error
        }
    }

    func load() throws -> SavedDraft? {
        guard let data = try PrivateFile.contents(of: file) else { return nil }
        return try JSONDecoder().decode(SavedDraft.self, from: data)
    }

    func discard() throws {
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw PrivateFileError("cannot remove \(file.path)", errno)
        }
    }
}
