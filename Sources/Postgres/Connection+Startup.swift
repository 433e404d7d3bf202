import CLibPQ

/// The session settings in the startup packet (libpq's `options`, `-c NAME=VALUE` each), so no
/// transaction has to open with them (issue 34). Not behind a pooler: pgbouncer in transaction mode
/// hands each transaction to any server session, and it refuses the `options` parameter
/// ("unsupported startup parameter"), when the connection is made again without it; or, told to
/// ignore the parameter, drops it silently. So the options also set `application_name`, which the
/// server reports back at once: only when it comes back as sent were the settings applied, else
/// they open every transaction as before. A person's own `application_name` (`PGAPPNAME`, the
/// settings) keeps that way, and their own `options` (`PGOPTIONS`, the settings) come first.
extension Connection {
    static func startupOptions(
        given: [(key: String, value: String)], limits: SessionLimits, searchPath: String?,
        variables: [SessionVariable] = [], applicationName: String
    ) -> String? {
        guard !given.contains(where: { $0.key == "application_name" }), getenv("PGAPPNAME") == nil else { return nil }
        let own = given.last { $0.key == "options" }?.value ?? getenv("PGOPTIONS").map { String(cString: $0) } ?? ""
        var settings = [
            ("DateStyle", "ISO"), ("TimeZone", "UTC"),
            ("statement_timeout", String(limits.statementTimeoutMilliseconds)),
        ]
        if let searchPath { settings.append(("search_path", searchPath)) }
        settings += variables.map { ($0.name, $0.value) }
        settings.append(("application_name", applicationName))
        let ours = settings.map { name, value in "-c \(name)=\(optionValue(value))" }
        return ([own].filter { !$0.isEmpty } + ours).joined(separator: " ")
    }

    /// In `options`, a space or backslash inside a value is escaped with a backslash.
    static func optionValue(_ value: String) -> String {
        value.replacing("\\", with: "\\\\").replacing(" ", with: "\\ ")
    }

    /// Connects with `startup` as the `options` parameter, and again without it when a pooler
    /// refuses the parameter.
    static func connect(keys: [String], values: [String], startup: String?) -> OpaquePointer? {
        guard let startup else { return connect(keys: keys, values: values) }
        let connection = connect(keys: keys + ["options"], values: values + [startup])
        guard let connection, PQstatus(connection) != CONNECTION_OK,
            String(cString: PQerrorMessage(connection)).contains("unsupported startup parameter")
        else { return connection }
        PQfinish(connection)
        return connect(keys: keys, values: values)
    }

    /// The `application_name` the server reported for this session.
    static func reported(_ connection: OpaquePointer) -> String? {
        PQparameterStatus(connection, "application_name").map { String(cString: $0) }
    }
}
