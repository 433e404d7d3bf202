import Postgres
import SettingsFile
import TrackerCore

/// Which project a command works in, and why, chosen as gh chooses a repository: `-R/--project`
/// (or an issue named `web#12`), else `TRACKER_PROJECT`, else the `project` of the nearest
/// `.tracker` file (this folder or a parent), else the project whose remote is this clone's
/// `origin` (found from any subfolder), else the person's own `project` setting (config file),
/// else the tracker's default project. The choice travels as session settings (`tracker.project`,
/// `tracker.remote`) that migration 0022's `tracker_project_id()` reads inside every statement,
/// so choosing costs no statement of its own; an unknown key is refused there.
struct ProjectChoice: Sendable, Equatable {
    let key: ProjectKey?
    let reason: ProjectChoiceReason

    /// `repository`: the one that the issues being imported name (gh's `repository`), which only
    /// `-R` overrides.
    static func resolve(
        flag: String?, environment: [String: String], folder: String, repository: GitRemote? = nil
    ) throws -> ProjectChoice {
        if let flag {
            let key = try ProjectKey(flag)
            if let named = IssueReference.project, named != key {
                throw TrackerError.invalidInput(
                    field: "project", rule: "-R names \(key) but an issue named is in \(named): give one project")
            }
            return ProjectChoice(key: key, reason: .flag)
        }
        if let named = IssueReference.project { return ProjectChoice(key: named, reason: .issueReference) }
        if let repository { return ProjectChoice(key: nil, reason: .importedRepository(repository)) }
        if let named = environment["TRACKER_PROJECT"], !named.isEmpty {
            return ProjectChoice(key: try ProjectKey(named), reason: .environment)
        }
        if let file = SettingsFile.nearest(".tracker", fromPath: folder) {
            let document: SettingsDocument?
            do {
                document = try SettingsFile.read(path: file)
            } catch {
                throw TrackerError.invalidInput(field: "project file", rule: error.description)
            }
            if let key = document?.values["project"] {
                do {
                    return ProjectChoice(key: try ProjectKey(key), reason: .file(file))
                } catch {
                    throw TrackerError.invalidInput(
                        field: "project in \(file)", rule: "'\(key)' is not a project key such as \"web\"")
                }
            }
        }
        if let origin = GitOrigin.find(fromPath: folder) {
            return ProjectChoice(key: nil, reason: .remote(origin.remote, config: origin.config))
        }
        if let own = Settings.shared.value("project") {
            return ProjectChoice(key: try ProjectKey(own), reason: .settings(Settings.shared.path))
        }
        return ProjectChoice(key: nil, reason: .defaultProject)
    }

    /// What the session is told: the key, or the remote to look for (else nothing: the default).
    var variables: [SessionVariable] {
        if let key { return [SessionVariable(name: "tracker.project", value: key.value)] }
        switch reason {
        case .remote(let remote, _), .importedRepository(let remote):
            return [SessionVariable(name: "tracker.remote", value: remote.repository)]
        default:
            return []
        }
    }
}
