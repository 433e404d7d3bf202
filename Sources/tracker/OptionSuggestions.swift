/// What an unknown option is answered with. The parser suggests the option spelled closest
/// (`Unknown option '--asignee'. Did you mean '--assignee'?`); a gh habit that tracker spells
/// differently, or has no use for, is answered with what tracker does instead, before the
/// parser's nearest spelling (`--user` is not `--sort`).
enum OptionSuggestions {
    static let ghHabits: [String: String] = [
        "--user": "Did you mean '--as'?", "--login": "Did you mean '--as'?", "--actor": "Did you mean '--as'?",
        "--repo": "tracker works on one database: --database-url URL (or `tracker config set database_url URL`)",
        "-R": "tracker works on one database: --database-url URL (or `tracker config set database_url URL`)",
        "--web": "tracker has no web view: `tracker show N` prints the issue",
        "-w": "tracker has no web view: `tracker show N` prints the issue",
        "--project": "projects are not here yet; `tracker config set project NAME` keeps your default",
    ]

    /// The parser's first line, with a gh habit's answer in place of its suggestion.
    static func improve(_ message: String) -> String {
        guard message.hasPrefix("Unknown option '"),
            let option = message.dropFirst("Unknown option '".count).split(separator: "'").first
        else { return message }
        guard let answer = ghHabits[String(option)] else { return message }
        return "Unknown option '\(option)'. \(answer)"
    }
}
