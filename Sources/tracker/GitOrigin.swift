import SettingsFile
import TrackerCore

/// The `origin` remote of the git clone a folder is in, read from its config file as git keeps it
/// (`.git/config`, or a worktree's common folder), without running git: a command pays a file
/// read, not a process. `url.*.insteadOf` rewrites are not applied.
enum GitOrigin {
    /// By path, with no `URL` on the way (every command looks for the clone it runs in).
    static func find(fromPath folder: String) -> (remote: GitRemote, config: String)? {
        guard let dotGit = SettingsFile.nearest(".git", fromPath: folder), let config = configFile(of: dotGit),
            let text = readText(atPath: config), let url = originURL(inConfig: text), let remote = try? GitRemote(url)
        else { return nil }
        return (remote, config)
    }

    /// `url` of `[remote "origin"]` in a git config file's text.
    static func originURL(inConfig text: String) -> String? {
        var inOrigin = false
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmed
            if line.hasPrefix("[") {
                inOrigin = line.replacing(" ", with: "").lowercased() == "[remote\"origin\"]"
                continue
            }
            guard inOrigin, let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmed.lowercased()
            guard name == "url" else { continue }
            var value = line[line.index(after: equals)...].trimmed
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }

    /// The file at `path` as UTF-8 text; nil when it is missing, unreadable or not UTF-8.
    private static func readText(atPath path: String) -> String? {
        guard let bytes = try? SettingsFile.contents(ofPath: path) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `.git/config`; for a worktree (`.git` a file saying `gitdir: …`), its common folder's.
    private static func configFile(of dotGitPath: String) -> String? {
        let inFolder = dotGitPath + "/config"
        if access(inFolder, F_OK) == 0 { return inFolder }
        guard let text = readText(atPath: dotGitPath),
            let line = text.split(whereSeparator: \.isNewline).first, line.hasPrefix("gitdir:")
        else { return nil }
        let dotGit = URL(fileURLWithPath: dotGitPath)
        let path = line.dropFirst("gitdir:".count).trimmed
        let gitDir =
            path.hasPrefix("/") ? URL(filePath: path) : dotGit.deletingLastPathComponent().appending(path: path)
        if let common = readText(atPath: gitDir.appending(path: "commondir").path) {
            let commonPath = common.trimmed
            let commonDir = commonPath.hasPrefix("/") ? URL(filePath: commonPath) : gitDir.appending(path: commonPath)
            return commonDir.appending(path: "config").standardizedFileURL.path
        }
        return gitDir.appending(path: "config").path
    }
}
