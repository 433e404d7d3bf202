import TOMLKit

/// A file of settings as people write them, in TOML (read and written by TOMLKit, which wraps
/// toml++): `key = "value"` lines and `[table]`s of the same. tracker's config file is one
/// (`editor = "vim"`, `[aliases]`), and so is a project's `.tracker` file (`project = "web"`),
/// read by the same code. Values are strings; anything else is refused with where it is, so a
/// mistake is never silently taken as something else.
public struct SettingsDocument: Equatable, Sendable {
    /// The top level's `key = "value"` lines.
    public var values: [String: String]
    /// Each `[name]` table's `key = "value"` lines.
    public var tables: [String: [String: String]]

    public init(values: [String: String] = [:], tables: [String: [String: String]] = [:]) {
        self.values = values
        self.tables = tables
    }

    /// Reads `text`; `source` names the file in what is said of a mistake.
    public init(toml text: String, source: String) throws(SettingsError) {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let position = error.source.begin
            throw SettingsError(
                source: source, "line \(position.line), column \(position.column): \(error.description)")
        } catch {
            throw SettingsError(source: source, "it is not TOML")
        }
        var values: [String: String] = [:]
        var tables: [String: [String: String]] = [:]
        for key in table.keys {
            guard let value = table[key]?.tomlValue else { continue }
            if let text = value.string {
                values[key] = text
            } else if let inner = value.table {
                tables[key] = try Self.strings(of: inner, named: key, source: source)
            } else {
                throw SettingsError(source: source, "'\(key)' must be a string in double quotes, e.g. \(key) = \"…\"")
            }
        }
        self.values = values
        self.tables = tables
    }

    private static func strings(
        of table: TOMLTable, named name: String, source: String
    ) throws(SettingsError) -> [String: String] {
        var strings: [String: String] = [:]
        for key in table.keys {
            guard let text = table[key]?.tomlValue.string else {
                throw SettingsError(source: source, "'\(name).\(key)' must be a string in double quotes")
            }
            strings[key] = text
        }
        return strings
    }

    /// The document as TOML: the values, then each table, keys in order.
    public var toml: String {
        let table = TOMLTable()
        for (key, value) in values.sorted(by: { $0.key < $1.key }) { table[key] = value }
        for (name, members) in tables.sorted(by: { $0.key < $1.key }) where !members.isEmpty {
            let inner = TOMLTable()
            for (key, value) in members.sorted(by: { $0.key < $1.key }) { inner[key] = value }
            table[name] = inner
        }
        let text = table.convert(to: .toml, options: [.allowUnicodeStrings, .indentations])
        return text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    }
}

/// A settings file that cannot be read: which file, and where in it.
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    public let source: String
    public let problem: String

    public init(source: String, _ problem: String) {
        self.source = source
        self.problem = problem
    }

    public var description: String { "\(source): \(problem)" }
}
