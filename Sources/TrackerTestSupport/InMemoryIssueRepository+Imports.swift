import TrackerCore

/// One import, as migration 0016's `imports` keeps it: who, when, the issues it created and how
/// long each one's timeline was then (a longer one has changed since).
struct InMemoryImport {
    let id: Int64
    let importer: Login
    let at: Timestamp
    let timelineLengths: [Int64: Int]
    var undone = false
}

/// Where imports came from, and taking the last one back, as `tracker_import_sources` and
/// `tracker_import_undo` do.
extension InMemoryIssueRepository {
    /// This repository's own address for its issues (the database's is a UUID per tracker).
    static let urlPrefix = "tracker://memory/issues/"

    /// A record's source, else a fingerprint of it (not the database's sha256: only this
    /// repository compares them).
    func sourceKey(_ record: ImportedIssue) -> String {
        record.source
            ?? "fingerprint:\(record.number.map(String.init) ?? "")|\(record.title.utf8.count)|\(record.title)|"
            + "\(record.body.utf8.count)|\(record.body)|\(record.author.value.lowercased())|"
            + "\(record.createdAt.microseconds)"
    }

    func isKnown(_ key: String) -> Bool {
        if sourceKeys.values.contains(key) { return true }
        guard key.hasPrefix(Self.urlPrefix), let number = Int64(key.dropFirst(Self.urlPrefix.count)) else {
            return false
        }
        return issues[number] != nil
    }

    func url(of number: Int64) -> String {
        guard let key = sourceKeys[number], !key.hasPrefix("fingerprint:") else { return Self.urlPrefix + "\(number)" }
        return key
    }

    func remember(imported: [(number: Int64, key: String)], by importer: Login) {
        for (number, key) in imported { sourceKeys[number] = key }
        importLog.append(
            InMemoryImport(
                id: Int64(importLog.count + 1), importer: importer, at: now(),
                timelineLengths: Dictionary(
                    uniqueKeysWithValues: imported.map { ($0.number, events[$0.number]?.count ?? 0) })))
    }

    public func undoLastImport(actor: Login) async throws -> ImportUndone {
        try takeFailure()
        _ = try await registered(actor)
        guard let index = importLog.lastIndex(where: { !$0.undone && !$0.timelineLengths.isEmpty }) else {
            throw TrackerError.notFound("there is no import to undo")
        }
        let last = importLog[index]
        if let changed = last.timelineLengths.keys.sorted().first(where: {
            (events[$0]?.count ?? 0) != last.timelineLengths[$0]
        }) {
            throw TrackerError.changedMeanwhile(
                "cannot undo the import of \(last.at) by \(last.importer): #\(changed) has changed since; "
                    + "nothing was changed")
        }
        forget(Set(last.timelineLengths.keys))
        importLog[index].undone = true
        return ImportUndone(
            importID: last.id, importer: last.importer, importedAt: last.at, removed: last.timelineLengths.count)
    }
}
