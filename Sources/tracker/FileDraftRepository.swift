import TrackerCore

/// Keeps unsaved drafts as JSON in `$XDG_STATE_HOME/tracker/` (default `~/.local/state/tracker/`),
/// readable by their owner only: `draft.json` for a new issue, `draft-edit-N.json` and
/// `draft-comment-N.json` for an edit of or a comment on issue N.
struct FileDraftRepository: DraftRepository {
    let folder: URL

    init(environment: [String: String]) {
        let stateHome =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? (environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser)
            .appending(path: ".local/state")
        folder = stateHome.appending(path: "tracker")
    }

    func file(_ slot: DraftSlot) -> URL {
        switch slot {
        case .newIssue: folder.appending(path: "draft.json")
        case .edit(let number): folder.appending(path: "draft-edit-\(number.value).json")
        case .comment(let number): folder.appending(path: "draft-comment-\(number.value).json")
        }
    }

    /// Written to a new 0600 file beside it, then renamed over it: a reader never sees half a
    /// draft, and a symbolic link planted at `draft.json` is replaced, not written through.
    func save(_ draft: SavedDraft, in slot: DraftSlot) throws {
        let file = file(slot)
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

    func load(_ slot: DraftSlot) throws -> SavedDraft? {
        guard let data = try PrivateFile.contents(of: file(slot)) else { return nil }
        return try JSONDecoder().decode(SavedDraft.self, from: data)
    }

    func discard(_ slot: DraftSlot) throws {
        let file = file(slot)
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw PrivateFileError("cannot remove \(file.path)", errno)
        }
    }
}
