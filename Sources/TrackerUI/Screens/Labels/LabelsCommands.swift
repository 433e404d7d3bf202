/// Turns a line typed at the Labels tab's prompt into what the person meant.
public enum LabelsCommands {
    public static let help =
        "n new · e NAME|N edit · d NAME|N delete · r refresh · " + TabCommands.help + " · ? help · q quit"

    public enum Parsed: Equatable, Sendable {
        case new
        /// A label by row number or name.
        case edit(String)
        case delete(String)
        case refresh
        case help
        case quit
        case unknown(String)
    }

    public static func parse(_ line: String) -> Parsed {
        let trimmed = line.trimmed
        let words = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
        let command = words.first?.lowercased() ?? ""
        let reference = words.count > 1 ? unquoted(words[1]) : ""
        switch (command, reference.isEmpty) {
        case ("", _), ("r", true): return .refresh
        case ("q", true), ("quit", true), ("exit", true): return .quit
        case ("?", true), ("h", true), ("help", true): return .help
        case ("n", true), ("new", true): return .new
        case ("e", false), ("edit", false): return .edit(reference)
        case ("d", false), ("delete", false): return .delete(reference)
        default: return .unknown(trimmed)
        }
    }

    /// `"good first issue"` names the label `good first issue`.
    static func unquoted(_ text: String) -> String {
        let trimmed = text.trimmed
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }
}
