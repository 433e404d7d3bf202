import SettingsFile

/// Files that hold what a person typed: readable by their owner only from the first byte, in
/// folders only the owner can enter, and never written through a symbolic link someone planted.
enum PrivateFile {
    /// A new folder (mode 0700) with an unpredictable name in `root`.
    static func makeTemporaryFolder(in root: URL, prefix: String) throws -> URL {
        var template = Array(root.appending(path: "\(prefix)XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw PrivateFileError("cannot create a folder in \(root.path)", errno) }
        return URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Makes `folder` (mode 0700) or checks the one there: a real folder of ours, closed to others.
    static func ensureOwnFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(
            at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        if mkdir(folder.path, 0o700) == 0 { return }
        guard errno == EEXIST else { throw PrivateFileError("cannot create \(folder.path)", errno) }
        var info = stat()
        guard lstat(folder.path, &info) == 0 else { throw PrivateFileError("cannot inspect \(folder.path)", errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw PrivateFileError("\(folder.path) is not a folder (a symbolic link?); remove it and try again")
        }
        guard info.st_uid == geteuid() else {
            throw PrivateFileError("\(folder.path) belongs to another user; remove it and try again")
        }
        if info.st_mode & 0o077 != 0, chmod(folder.path, 0o700) != 0 {
            throw PrivateFileError("cannot close \(folder.path) to other users", errno)
        }
    }

    /// Creates `file` with mode 0600 and writes `data`; fails if anything (even a link) is there.
    static func create(_ file: URL, contents data: Data) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError("cannot create \(file.path)", errno) }
        defer { close(descriptor) }
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { bytes in
                write(descriptor, bytes.baseAddress?.advanced(by: written), bytes.count - written)
            }
            if count < 0 {
                guard errno == EINTR else { throw PrivateFileError("cannot write \(file.path)", errno) }
                continue
            }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw PrivateFileError("cannot write \(file.path)", errno) }
    }

    /// The contents of `file`, nil when there is none; a link or anything but a plain file is refused.
    static func contents(of file: URL) throws -> Data? {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw PrivateFileError("cannot read \(file.path) (a symbolic link?); remove it and try again", errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw PrivateFileError("\(file.path) is not a plain file; remove it and try again")
        }
        return try DescriptorReading.readAll(descriptor) { PrivateFileError("cannot read \(file.path)", $0) }
    }
}

struct PrivateFileError: Error, CustomStringConvertible {
    let description: String

    init(_ what: String, _ code: Int32? = nil) {
        description = code.map { "\(what): \(String(cString: strerror($0)))" } ?? what
    }
}
