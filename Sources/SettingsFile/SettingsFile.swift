/// Where settings files are and how they are read and written.
public enum SettingsFile {
    /// The document in `file`, nil when there is none.
    public static func read(_ file: URL) throws(SettingsError) -> SettingsDocument? {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            if !FileManager.default.fileExists(atPath: file.path) { return nil }
            throw SettingsError(source: file.path, "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SettingsError(source: file.path, "is not UTF-8 text")
        }
        return try SettingsDocument(toml: text, source: file.path)
    }

    /// Writes `document` to `file` (mode 0600, its folder made 0700 when missing): to a new file
    /// beside it, then renamed over it, so a reader never sees half a file.
    public static func write(_ document: SettingsDocument, to file: URL) throws(SettingsError) {
        let folder = file.deletingLastPathComponent()
        let scratch = folder.appending(path: ".\(file.lastPathComponent).\(getpid()).new")
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SettingsError(source: file.path, "its folder cannot be made")
        }
        let bytes = Array(document.toml.utf8)
        let descriptor = open(scratch.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SettingsError(source: file.path, "cannot be written") }
        let written = writeAll(bytes, to: descriptor)
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(scratch.path, file.path) == 0 else {
            unlink(scratch.path)
            throw SettingsError(source: file.path, "cannot be written")
        }
    }

    /// The file called `name` in `folder` or the nearest folder above it (as git finds
    /// `.git`): how a project's `.tracker` file is found from wherever a command runs.
    public static func nearest(_ name: String, from folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        while true {
            let candidate = current.appending(path: name)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }
}

/// `bytes` written to `descriptor`, retried when interrupted: how many were written.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int {
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes {
            write(descriptor, $0.baseAddress?.advanced(by: written), $0.count - written)
        }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return written }
        written += count
    }
    return written
}
