import TerminalKit
import TrackerCore
import TrackerUI

/// What a line typed at the People tab's prompt means, and the people's wording wherever a
/// change to them is said (the tab, `tracker users …`).
public enum PeopleCommands {
    /// The keys `permissions` allow.
    static func help(allowedBy permissions: Permissions) -> String {
        KeyHints.line(
            [
                KeyHint("n LOGIN [NAME] add a user", needs: .addUsers), KeyHint("r refresh"),
                KeyHint(TabCommands.help), KeyHint("? help"), KeyHint("q quit"),
            ], allowedBy: permissions)
    }

    public enum Parsed: Equatable, Sendable {
        case refresh
        /// A login and a name as typed (the name may be empty).
        case add(login: String, name: String)
        case help
        case quit
        case unknown(String)
    }

    public static func parse(_ line: String) -> Parsed {
        let trimmed = line.trimmed
        let words = trimmed.split(separator: " ", maxSplits: 2).map(String.init)
        switch (words.first?.lowercased() ?? "", words.count) {
        case ("", _), ("r", 1): return .refresh
        case ("q", 1), ("quit", 1), ("exit", 1): return .quit
        case ("?", 1), ("h", 1), ("help", 1): return .help
        case ("n", 2...), ("new", 2...):
            return .add(login: words[1], name: words.count > 2 ? TabLine<Never>.unquoted(words[2]) : "")
        default: return .unknown(trimmed)
        }
    }

    /// What a change to the people did, in one line.
    public static func describe(_ notice: PeopleViewModel.Notice) -> String {
        switch notice {
        case .added(let user, let role):
            "Added user \(user.login)" + (role.map { " (role \(VisibleText.line($0)))" } ?? "")
        case .linked(let user, let role): "Linked user \(user.login) to role \(VisibleText.line(role))"
        case .renamed(let user):
            user.name.isEmpty
                ? "Cleared \(user.login)'s name" : "Renamed \(user.login) to \(VisibleText.line(user.name))"
        case .noneMatch(let prefix): "No users match '\(VisibleText.line(prefix))'."
        case .nobodyRegistered: "No users. Add one with `tracker users add LOGIN --name \"Full Name\"`."
        case .unknownCommand(let text): TabFrameView.unknownCommand(text)
        }
    }
}
