/// A git remote's address, as `git remote get-url origin` prints it, and the repository it names:
/// `host/owner/repo` in lower case, so the ssh and https forms of one repository match, as gh's
/// do (`git@github.com:Acme/Web.git`, `ssh://git@github.com/acme/web`, `https://github.com/acme/web`
/// are all `github.com/acme/web`). A path on disk names itself.
public struct GitRemote: Equatable, Sendable {
    public static let maximumLength = 2000
    public let url: String
    public let repository: String

    public init(_ text: String) throws(TrackerError) {
        let url = text.trimmed
        guard !url.isEmpty, url.utf8.count <= GitRemote.maximumLength, !TextRules.containsControl(url),
            let repository = GitRemote.repository(of: url)
        else {
            throw .invalidInput(
                field: "git remote",
                rule:
                    "'\(text)' is not a repository's address such as git@github.com:acme/web.git or https://github.com/acme/web"
            )
        }
        self.url = url
        self.repository = repository
    }

    /// `host/path` without user, port, scheme or `.git`; nil when `url` names no repository.
    static func repository(of url: String) -> String? {
        var rest = Substring(url)
        var host: Substring
        if let scheme = rest.firstRange(of: "://") {
            rest = rest[scheme.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            host = rest[..<slash]
            rest = slash < rest.endIndex ? rest[rest.index(after: slash)...] : ""
            if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
            if let colon = host.firstIndex(of: ":") { host = host[..<colon] }
        } else if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/") {
            // scp-like: [user@]host:owner/repo
            host = rest[..<colon]
            if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
            rest = rest[rest.index(after: colon)...]
        } else {
            host = ""
        }
        var path = String(rest)
        while path.hasSuffix("/") { path.removeLast() }
        if path.lowercased().hasSuffix(".git") { path.removeLast(4) }
        while path.hasPrefix("/"), !host.isEmpty { path.removeFirst() }
        guard !path.isEmpty else { return nil }
        return (host.isEmpty ? path : "\(host)/\(path)").lowercased()
    }
}
