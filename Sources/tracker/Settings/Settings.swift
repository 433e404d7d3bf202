import SettingsFile
import Synchronization
import TrackerCore

/// The person's settings: `$XDG_CONFIG_HOME/tracker/config.toml` (else `~/.config/…`;
/// `TRACKER_CONFIG_DIR` names another folder, as gh's `GH_CONFIG_DIR`), a `SettingsDocument`,
/// mode 0600. Read once, before the command line is parsed (aliases expand first).
///
/// Which value wins, as gh decides it: a flag, then tracker's own variables (`TRACKER_PAGER`,
/// `DATABASE_URL`), then the config file, then the variables every program reads (`VISUAL`,
/// `EDITOR`, `PAGER`, libpq's `PG*`), then the default. gh reads `GH_EDITOR`, then its config's
/// `editor`, then `VISUAL` and `EDITOR`; a person who writes a setting for tracker means it over
/// what their shell sets for every program, and a variable set for one run still overrides it.
struct Settings: Sendable {
    /// What a key is for, and its default when none is set.
    struct Key: Sendable {
        let name: String
        let help: String
        let defaultText: String
    }

    static let keys = [
        Key(
            name: "database_url", help: "the database when neither --database-url nor DATABASE_URL names one",
            defaultText: "the private PostgreSQL"),
        Key(name: "editor", help: "the editor for titles, bodies and comments", defaultText: "editor, nano or vi"),
        Key(name: "pager", help: "the pager for show, list and status", defaultText: "less -FRX"),
        Key(
            name: "project",
            help: "your project when no -R, TRACKER_PROJECT, .tracker file or git origin chooses one",
            defaultText: "the tracker's default project"),
    ]

    /// The config file's path, as read (no `URL` on the way: every command reads it at start).
    let path: String
    var document: SettingsDocument

    var file: URL { URL(fileURLWithPath: path) }

    var editor: String? { value("editor") }
    var pager: String? { value("pager") }
    var databaseURL: String? { value("database_url") }
    var aliases: [String: String] { document.tables["aliases"] ?? [:] }

    func value(_ key: String) -> String? {
        document.values[key].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func path(environment: [String: String]) -> String {
        if let folder = environment["TRACKER_CONFIG_DIR"], !folder.isEmpty {
            return absolute(folder) + "/config.toml"
        }
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : absolute($0) }
            ?? absolute(environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config"
        return base + "/tracker/config.toml"
    }

    /// `folder` from the root, without a final slash, as `URL(fileURLWithPath:)` would give it.
    private static func absolute(_ folder: String) -> String {
        var path = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : path
    }

    static func load(environment: [String: String]) throws(SettingsError) -> Settings {
        let path = path(environment: environment)
        return Settings(path: path, document: try SettingsFile.read(path: path) ?? SettingsDocument())
    }

    func save() throws(SettingsError) {
        try SettingsFile.write(document, to: file)
    }

    private static let loaded = Mutex<Settings?>(nil)

    /// The settings read at start-up (`Tracker.main`); none before that (tests of parts).
    static var shared: Settings {
        loaded.withLock { $0 } ?? Settings(path: "/dev/null", document: SettingsDocument())
    }

    static func keep(_ settings: Settings) {
        loaded.withLock { $0 = settings }
    }
}

extension Settings {
    /// One setting as it applies now: its value, and where it came from.
    struct Resolved: Equatable, Sendable {
        let key: String
        let value: String
        let source: String
    }

    /// Every key's value and source, as `tracker config list` shows them.
    func resolved(environment: [String: String]) -> [Resolved] {
        Settings.keys.map { key in
            let (overriding, underlying) = Self.variables(of: key.name)
            if let (name, value) = first(overriding, environment) {
                return Resolved(key: key.name, value: value, source: "environment \(name)")
            }
            if let value = value(key.name) {
                return Resolved(key: key.name, value: value, source: "config \(path)")
            }
            if let (name, value) = first(underlying, environment) {
                return Resolved(key: key.name, value: value, source: "environment \(name)")
            }
            return Resolved(key: key.name, value: key.defaultText, source: "default")
        }
    }

    /// The variables read before the config file for `key`, and those read after it.
    static func variables(of key: String) -> (before: [String], after: [String]) {
        switch key {
        case "database_url":
            (["DATABASE_URL"], ["PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE"])
        case "editor": ([], ["VISUAL", "EDITOR"])
        case "pager": (["TRACKER_PAGER"], ["PAGER"])
        case "project": (["TRACKER_PROJECT"], [])
        default: ([], [])
        }
    }

    private func first(_ names: [String], _ environment: [String: String]) -> (String, String)? {
        for name in names {
            if let value = environment[name], !value.isEmpty { return (name, value) }
        }
        return nil
    }
}
