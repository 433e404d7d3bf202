/// The process's environment, read once, straight from `environ`. FoundationEssentials builds a new
/// dictionary on every `ProcessInfo.environment` (about 0.4 M instructions each, the first 1.2 M),
/// and a command's start read it three times; every file of this executable reads this instead
/// (`ProcessEnvironmentTests`). A name given twice keeps its first value, as `getenv` (and so libpq)
/// reads it.
enum ProcessEnvironment {
    static let values: [String: String] = {
        var values: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            entry += 1
            let text = String(cString: pointer)
            guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(text[..<equals])
            if values[name] == nil { values[name] = String(text[text.utf8.index(after: equals)...]) }
        }
        return values
    }()
}
