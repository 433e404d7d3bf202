import CLibPQ

/// Connection settings (a URL or a key=value string) read as libpq reads them: checked before
/// any network traffic, pointed at another database, and shown with every password masked.
extension Connection {
    /// Refuses malformed settings before any network traffic, with libpq's own reason.
    public static func validate(_ settings: String) throws(PostgresError) {
        _ = try options(of: settings)
    }

    /// The same settings as a key=value string, pointed at another database on the same server.
    public static func settings(_ settings: String?, database: String) throws(PostgresError) -> String {
        var given: [(key: String, value: String)] = []
        if let settings, !settings.isEmpty { given = try options(of: settings) }
        let pairs = given.filter { $0.key != "dbname" }.map { "\($0.key)=\(quotedSettingValue($0.value))" }
        return (pairs + ["dbname=\(quotedSettingValue(database))"]).joined(separator: " ")
    }

    /// The settings as key=value pairs with the password shown as `***`, for messages and traces;
    /// settings libpq cannot parse are shown as given, with every place a password may be masked.
    public static func redacted(_ settings: String) -> String {
        guard let given = try? options(of: settings) else { return SettingsRedaction(settings).redactedSettings }
        let redaction = SettingsRedaction(settings, options: given)
        return given.map { key, value in
            let shown = !key.hasSuffix("password") && redaction.mayShow(value)
            return "\(key)=\(shown ? quotedSettingValue(value) : SettingsRedaction.mask)"
        }.joined(separator: " ")
    }

    /// The options a URL or key=value string sets, as libpq reads them (PQconninfoParse).
    public static func options(of settings: String) throws(PostgresError) -> [(key: String, value: String)] {
        var message: UnsafeMutablePointer<CChar>?
        guard let parsed = PQconninfoParse(settings, &message) else {
            let reason = message.map { String(cString: $0) } ?? "cannot be parsed"
            PQfreemem(message)
            let trimmed = String(reason.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            throw PostgresError(kind: .invalidSettings, message: SettingsRedaction(settings).redact(trimmed))
        }
        defer { PQconninfoFree(parsed) }
        var options: [(key: String, value: String)] = []
        var option = parsed
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { options.append((String(cString: keyword), String(cString: value))) }
            option += 1
        }
        return options
    }

    /// libpq's message about these settings with any password in them hidden, also the one
    /// libpq read from a URL whose password runs past where the person meant it to end.
    static func redact(_ message: String, settings: String?) -> String {
        guard let settings, !settings.isEmpty else { return message }
        return SettingsRedaction(settings, options: (try? options(of: settings)) ?? []).redact(message)
    }

    /// Quotes a value for a key=value connection string.
    public static func quotedSettingValue(_ value: String) -> String {
        "'" + value.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
