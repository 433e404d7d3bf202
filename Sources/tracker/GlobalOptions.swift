import ArgumentParser
import TrackerCore

struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customLong("database-url"),
        help:
            "PostgreSQL URL; default DATABASE_URL, then the config's database_url, then libpq's PG* variables, then the private cluster."
    )
    var databaseURL: String?

    @Option(
        name: [.customShort("R"), .customLong("project")],
        help:
            "The project (its key, e.g. web); default TRACKER_PROJECT, then a .tracker file here or above, then the project of this clone's git origin, then your config's project, then the tracker's default."
    )
    var project: String?

    @Option(name: .customLong("as"), help: "Act as this user (default TRACKER_USER, then your OS login).")
    var actingLogin: String?

    @Flag(help: "Print show, list and status straight to the terminal, not through $TRACKER_PAGER, $PAGER or less.")
    var noPager = false

    @Flag(help: "Trace on stderr where tracker connects and what it checks (passwords are never shown).")
    var verbose = false

    func validate() throws {
        do {
            _ = try project.map { try ProjectKey($0) }
        } catch let error as TrackerError {
            throw ValidationError(error.description)
        }
    }
}
