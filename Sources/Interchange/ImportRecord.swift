import TrackerCore

/// One issue as gh (or `tracker export`) writes it; every field optional so a missing one is
/// reported by name rather than as a decoding failure.
struct ImportRecord: Decodable {
    /// gh's person: `login`, and `name` (the display name, "" when none), `id` and `is_bot`
    /// (ignored).
    struct Person: Decodable {
        let login: String?
        let name: String?
    }

    let number: Int64?
    let title: String?
    let body: String?
    let state: String?
    let stateReason: String?
    let author: Person?
    let assignees: [Person]?
    let createdAt: String?
    let updatedAt: String?
    let closedAt: String?
    let comments: [CommentRecord]?
    let labels: [LabelRecord]?
    let milestone: MilestoneRecord?
    /// gh's address of the issue (`tracker export` writes one for every issue).
    let url: String?
    /// tracker's planning fields (issue 30): `P0`…`P3`, and `dueOn` (below, `YYYY-MM-DD`, a
    /// milestone record's due date too).
    let priority: String?
    /// Sub-issues and dependencies by GitHub's names (`parent`, `subIssues`, `blockedBy`), each
    /// issue named by its `number` in the same file.
    let parent: NumberRecord?
    let subIssues: [NumberRecord]?
    let blockedBy: [NumberRecord]?
    /// The original of an issue closed as a duplicate (`tracker export`'s; gh's issues have none).
    let duplicateOf: NumberRecord?
    /// gh's node id (`I_kwDO…`); a number or anything else names no source.
    let id: LooseString?
    /// `label` or `milestone`: a record of `tracker export`'s own for a label or milestone that no
    /// exported issue carries, with the fields of an issue's (`name`, `color`, `description`;
    /// `number`, `title`, `description`, `dueOn`, `state`). gh's issues have no `kind`.
    let kind: String?
    let name: String?
    let color: String?
    let description: String?
    let dueOn: String?
    /// gh's repository of the issue (`gh search issues --json repository`): `{"nameWithOwner":
    /// "acme/web", …}`, or a string (`acme/web` or an address).
    let repository: RepositoryRecord?
}

/// gh's `repository`: an object with `nameWithOwner` (or `url`), or the name as a string.
struct RepositoryRecord: Decodable {
    let text: String?

    private enum Keys: String, CodingKey { case nameWithOwner, url }

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.text = text
            return
        }
        let object = try? decoder.container(keyedBy: Keys.self)
        text =
            (try? object?.decodeIfPresent(String.self, forKey: .url))
            ?? (try? object?.decodeIfPresent(String.self, forKey: .nameWithOwner)) ?? nil
    }

    /// The repository as a git remote: `acme/web` (GitHub's `nameWithOwner`) is GitHub's.
    func remote(record index: Int) throws(TrackerError) -> GitRemote {
        let given = text ?? ""
        let isAddress = given.contains(":") || given.contains("@")
        let parts = given.split(separator: "/", omittingEmptySubsequences: false)
        let nameWithOwner =
            parts.count == 2
            && parts.allSatisfy { part in
                !part.isEmpty
                    && part.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_.".unicodeScalars.contains($0))
                    }
            }
        guard isAddress ? !given.contains(where: \.isWhitespace) : nameWithOwner,
            let remote = try? GitRemote(isAddress ? given : "https://github.com/" + given)
        else {
            throw .invalidInput(
                field: "record \(index) repository",
                rule: "'\(given)' is not a repository such as acme/web or https://github.com/acme/web; "
                    + "nothing was imported")
        }
        return remote
    }
}

/// Another issue of the file, as GitHub names one: `{"number": 12, …}`.
struct NumberRecord: Decodable {
    let number: Int64?
}

/// A string, or nothing when the JSON holds another kind of value there.
struct LooseString: Decodable {
    let value: String?

    init(from decoder: any Decoder) throws {
        value = try? decoder.singleValueContainer().decode(String.self)
    }
}

/// One label as gh writes it (`id` a string such as "LA_kwDO…", ignored) or `tracker export`
/// does; a missing colour is picked by name.
struct LabelRecord: Decodable {
    let name: String?
    let color: String?
    let description: String?
}

/// An issue's milestone as gh writes it (`number`, `title`, `description`, `dueOn`) or
/// `tracker export` does (with `state`).
struct MilestoneRecord: Decodable {
    let number: Int64?
    let title: String?
    let description: String?
    let dueOn: String?
    let state: String?
}

/// One comment as gh writes it (`id` a string such as "IC_kwDO…") or `tracker export` does
/// (`id` a number); only a number can be kept.
struct CommentRecord: Decodable {
    let id: Int64?
    let author: ImportRecord.Person?
    let body: String?
    let createdAt: String?
    let updatedAt: String?

    private enum CodingKeys: String, CodingKey { case id, author, body, createdAt, updatedAt }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try? container.decodeIfPresent(Int64.self, forKey: .id)
        author = try container.decodeIfPresent(ImportRecord.Person.self, forKey: .author)
        body = try container.decodeIfPresent(String.self, forKey: .body)
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(String.self, forKey: .updatedAt)
    }
}
