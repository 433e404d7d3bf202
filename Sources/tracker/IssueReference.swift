import Synchronization
import TrackerCore

/// An issue as a person names it on the command line: `12`, `#12`, or in a project `web#12` or
/// Jira's `WEB-12` (the key upper case there, so a login such as `bob-2` stays a login). A key
/// chooses the command's project, as `-R` would (`ProjectChoice`); one command works in one
/// project, so two keys, or a key and a different `-R`, are refused.
enum IssueReference {
    private static let named = Mutex<ProjectKey?>(nil)

    /// The project the command's issue references named; nil when none did.
    static var project: ProjectKey? { named.withLock { $0 } }

    static func number(_ text: String) throws -> IssueNumber {
        guard let (key, digits) = split(text) else { return try IssueNumber(parsing: text) }
        let project = try ProjectKey(key)
        try named.withLock { chosen in
            if let chosen, chosen != project {
                throw TrackerError.invalidInput(
                    field: "issue",
                    rule: "'\(text)' is in project \(project) but another issue is in \(chosen): "
                        + "one command works in one project")
            }
            chosen = project
        }
        return try IssueNumber(parsing: digits)
    }

    /// Whether `text` names an issue (a number or a reference), not a login.
    static func isReference(_ text: String) -> Bool {
        text.first.map { $0.isNumber || $0 == "#" || $0 == "-" } ?? false || split(text) != nil
    }

    /// The key and the number of `key#N` or `KEY-N`.
    private static func split(_ text: String) -> (key: String, number: String)? {
        if let hash = text.firstIndex(of: "#"), hash != text.startIndex {
            return (String(text[..<hash]), String(text[text.index(after: hash)...]))
        }
        guard let dash = text.lastIndex(of: "-"), dash != text.startIndex else { return nil }
        let key = text[..<dash]
        let number = text[text.index(after: dash)...]
        guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber),
            key.contains(where: \.isLetter), key == key.uppercased()
        else { return nil }
        return (String(key), String(number))
    }
}
