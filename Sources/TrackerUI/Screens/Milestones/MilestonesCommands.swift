/// Turns a line typed at the Milestones tab's prompt into what the person meant.
public enum MilestonesCommands {
    public static let help =
        "n new · v TITLE|N its issues · c TITLE|N close · o TITLE|N reopen · r refresh · " + TabCommands.help
        + " · ? help · q quit"

    public enum Parsed: Equatable, Sendable {
        case new
        /// A milestone by row number or title.
        case issues(String)
        case close(String)
        case reopen(String)
        case refresh
        case help
        case quit
        case unknown(String)
    }

    public static func parse(_ line: String) -> Parsed {
        let trimmed = line.trimmed
        let words = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
        let command = words.first?.lowercased() ?? ""
        let reference = words.count > 1 ? LabelsCommands.unquoted(words[1]) : ""
        switch (command, reference.isEmpty) {
        case ("", _), ("r", true): return .refresh
        case ("q", true), ("quit", true), ("exit", true): return .quit
        case ("?", true), ("h", true), ("help", true): return .help
        case ("n", true), ("new", true): return .new
        case ("v", false), ("view", false): return .issues(reference)
        case ("c", false), ("close", false): return .close(reference)
        case ("o", false), ("reopen", false): return .reopen(reference)
        default: return .unknown(trimmed)
        }
    }
}
