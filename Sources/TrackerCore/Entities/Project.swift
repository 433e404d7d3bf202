/// A project's key: what `-R`, `TRACKER_PROJECT`, a `.tracker` file and `web#12` name it by. A
/// letter, then up to 39 letters, digits, `-`, `_` or `.`; kept lower case, matched ignoring case
/// (`WEB-12` is `web#12`). The schema holds the same rule (`projects_key_form`).
public struct ProjectKey: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 40
    public let value: String

    public init(_ text: String) throws(TrackerError) {
        let key = text.lowercased()
        let scalars = Array(key.unicodeScalars)
        guard let first = scalars.first, scalars.count <= ProjectKey.maximumLength,
            ("a"..."z").contains(first),
            scalars.allSatisfy({
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
            })
        else {
            if text.contains("/") {
                throw .invalidInput(
                    field: "project key",
                    rule:
                        "'\(text)' is OWNER/REPO; tracker's -R takes a project's key such as web (tracker project list)"
                )
            }
            throw .invalidInput(
                field: "project key",
                rule: "'\(text)' is not a key: a letter, then up to 39 letters, digits, '-', '_' or '.' (e.g. web)")
        }
        value = key
    }

    public var description: String { value }
}

/// One project of the tracker: its issues are numbered within it.
public struct Project: Equatable, Sendable {
    public var key: ProjectKey
    public var name: String
    /// The git remote whose clones choose this project, as given; nil for none.
    public var remote: String?
    public var isDefault: Bool
    public var isArchived: Bool

    public init(key: ProjectKey, name: String, remote: String? = nil, isDefault: Bool = false, isArchived: Bool = false)
    {
        self.key = key
        self.name = name
        self.remote = remote
        self.isDefault = isDefault
        self.isArchived = isArchived
    }

    /// Its remote's `host/owner/repo` (what clones and imports are matched by); nil without one.
    public var repository: String? { remote.flatMap { try? GitRemote($0) }?.repository }

    /// 1–200 characters on one line.
    public static func checkedName(_ text: String) throws(TrackerError) -> String {
        let name = text.trimmed
        guard (1...200).contains(name.count), !TextRules.containsControl(name) else {
            throw .invalidInput(field: "project name", rule: "give 1 to 200 characters on one line")
        }
        return name
    }
}

/// What `project edit` changes; nil leaves a field as it is.
public struct ProjectEdit: Equatable, Sendable {
    public var key: ProjectKey?
    public var name: String?
    public var remote: GitRemote?
    public var clearsRemote = false
    /// true archives, false unarchives.
    public var archived: Bool?
    public var makesDefault = false
    /// The level everyone holding one on the tracker has here; `.some(nil)` goes back to the
    /// tracker's own.
    public var defaultLevel: ProjectLevel??

    public init(
        key: ProjectKey? = nil, name: String? = nil, remote: GitRemote? = nil, clearsRemote: Bool = false,
        archived: Bool? = nil, makesDefault: Bool = false
    ) {
        self.key = key
        self.name = name
        self.remote = remote
        self.clearsRemote = clearsRemote
        self.archived = archived
        self.makesDefault = makesDefault
    }

    public var isEmpty: Bool {
        key == nil && name == nil && remote == nil && !clearsRemote && archived == nil && !makesDefault
            && defaultLevel == nil
    }
}

/// An issue moved to another project: where it is now.
public struct MovedIssue: Equatable, Sendable {
    public let from: IssueNumber
    public let project: ProjectKey
    public let number: IssueNumber

    public init(from: IssueNumber, project: ProjectKey, number: IssueNumber) {
        self.from = from
        self.project = project
        self.number = number
    }
}

/// Why a command works in the project it does (`tracker project` says it).
public enum ProjectChoiceReason: Equatable, Sendable {
    case flag
    /// An issue named as `web#12` or `WEB-12`.
    case issueReference
    case environment
    /// A `.tracker` file's `project`.
    case file(String)
    /// This clone's `origin`, read from that git config file.
    case remote(GitRemote, config: String)
    /// The repository gh's export names for its issues (`tracker import`).
    case importedRepository(GitRemote)
    /// The person's config file's `project`.
    case settings(String)
    case defaultProject
}
