/// Where settings files are and how they are read and written.
public enum SettingsFile {
    /// The document in the file at `path`, nil when there is none. Read by path with open and
    /// read: a command reads its config file (most often missing) on every start, and
    /// FoundationEssentials' `Data(contentsOf:)` read the path through `URL` (whose first `path`
    /// builds a generic set: 0.4 M instructions) and built an error to say it was missing.
    public static func read(path: String) throws(SettingsError) -> SettingsDocument? {
        guard var bytes = try contents(ofPath: path) else { return nil }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SettingsError(source: path, "is not UTF-8 text")
        }
        return try SettingsDocument(toml: text, source: path)
    }

    /// The bytes of the file at `path`, nil when there is no such file.
    public static func contents(ofPath path: String) throws(SettingsError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SettingsError(source: path, "cannot be read")
        }
        defer { close(descriptor) }
        let unreadable = SettingsError(source: path, "cannot be read")
        do {
            return try DescriptorReading.readAll(descriptor) { _ in unreadable }
        } catch {
            throw unreadable
        }
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
    /// Walked over the path, with no `URL`: every command looks for `.tracker` and `.git`.
    public static func nearest(_ name: String, fromPath folder: String) -> String? {
        var current = standardized(folder)
        while true {
            let candidate = current == "/" ? "/" + name : current + "/" + name
            if access(candidate, F_OK) == 0 { return candidate }
            guard current != "/", let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
            current = slash == current.utf8.startIndex ? "/" : String(current[..<slash])
        }
    }

    /// `path` absolute (from the working folder), without `.`, `..`, empty parts or a final slash.
    static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
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
