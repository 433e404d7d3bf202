/// Finds PostgreSQL's server programs (`initdb`, `pg_ctl`, …): in the caller's folders first,
/// then Debian's versioned folders (newest first), Homebrew's, then PATH.
public struct ServerPrograms: Sendable {
    public let firstFolders: [String]

    /// An empty folder name is dropped: it would mean the current directory.
    public init(searchingFirst firstFolders: [String] = []) {
        self.firstFolders = firstFolders.filter { !$0.isEmpty }
    }

    public func locate(_ name: String) throws(LocalClusterError) -> URL {
        var folders = firstFolders
        let debian = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? []
        folders += versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "\(debian)/\($0)/bin" }
        folders += ["/opt/homebrew/bin", "/usr/local/bin"]
        folders += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw LocalClusterError.programNotFound(name)
    }
}
