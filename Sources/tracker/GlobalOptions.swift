import ArgumentParser

struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customLong("database-url"),
        help:
            "PostgreSQL URL; default DATABASE_URL, then the config's database_url, then libpq's PG* variables, then the private cluster."
    )
    var databaseURL: String?

    @Option(name: .customLong("as"), help: "Act as this user (default TRACKER_USER, then your OS login).")
    var actingLogin: String?

    @Flag(help: "Print show, list and status straight to the terminal, not through $TRACKER_PAGER, $PAGER or less.")
    var noPager = false

    @Flag(help: "Trace on stderr where tracker connects and what it checks (passwords are never shown).")
    var verbose = false
}
