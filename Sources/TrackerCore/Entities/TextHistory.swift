/// One version of an issue's title and body, or of a comment's body: what it said, who wrote it
/// and when. Versions count from 1 (the text as created); each edit adds one.
public struct TextVersion: Equatable, Sendable {
    public var version: Int64
    /// nil for a comment, which has no title.
    public var title: String?
    public var body: String
    public var author: Login
    public var writtenAt: Timestamp

    public init(version: Int64, title: String?, body: String, author: Login, writtenAt: Timestamp) {
        self.version = version
        self.title = title
        self.body = body
        self.author = author
        self.writtenAt = writtenAt
    }
}

/// Every kept version of a text, oldest first, the current one last. Edits made before the
/// tracker kept history left no versions: then the first kept is above 1.
public struct TextHistory: Equatable, Sendable {
    public var versions: [TextVersion]

    public init(versions: [TextVersion]) {
        self.versions = versions
    }

    public var current: TextVersion? { versions.last }

    /// The versions 1 up to this one were not kept (nil: every version is here).
    public var firstKept: Int64? {
        guard let first = versions.first, first.version > 1 else { return nil }
        return first.version
    }

    /// The version numbered `number`, and the one before it (nil for the first kept).
    public func change(to number: Int64) throws(TrackerError) -> (before: TextVersion?, after: TextVersion) {
        guard let index = versions.firstIndex(where: { $0.version == number }) else {
            let known = versions.map { String($0.version) }.joined(separator: ", ")
            throw .notFound("there is no version \(number); the versions kept are \(known)")
        }
        return (index > 0 ? versions[index - 1] : nil, versions[index])
    }
}
