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

    func save(_ draft: SavedDraft) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(draft).write(to: file, options: .atomic)
        chmod(file.path, 0o600)
    }

    func load() throws -> SavedDraft? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try JSONDecoder().decode(SavedDraft.self, from: Data(contentsOf: file))
    }

    func discard() throws {
        if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
    }
}
