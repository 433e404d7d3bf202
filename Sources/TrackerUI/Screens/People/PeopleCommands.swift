/// Turns a line typed at the People tab's prompt into what the person meant.
public enum PeopleCommands {
    public static let help = "n LOGIN [NAME] add a user · r refresh · " + TabCommands.help + " · ? help · q quit"

    public enum Parsed: Equatable, Sendable {
        case input(PeopleViewModel.Input)
        case help
        case quit
    }

    public static func parse(_ line: String) -> Parsed {
        let trimmed = line.trimmed
        let words = trimmed.split(separator: " ", maxSplits: 2).map(String.init)
        switch (words.first?.lowercased() ?? "", words.count) {
        case ("", _), ("r", 1): return .input(.appear)
        case ("q", 1), ("quit", 1), ("exit", 1): return .quit
        case ("?", 1), ("h", 1), ("help", 1): return .help
        case ("n", 2...), ("new", 2...):
            return .input(.add(login: words[1], name: words.count > 2 ? LabelsCommands.unquoted(words[2]) : ""))
        default: return .input(.unknown(trimmed))
        }
    }
}
