/// How a milestone is named wherever one is typed (the commands, `--milestone`, the Milestones
/// tab): its title, ignoring case, or its number as `milestone list` and the tab show it (`3` or
/// `#3`). A title wins: a milestone titled `2024` is found by its title, never taken for number
/// 2024.
public enum MilestoneReference {
    /// The number `text` would name, when it is one.
    public static func number(_ text: String) -> Int64? {
        let trimmed = text.trimmed
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int64(digits), number >= 1 else { return nil }
        return number
    }

    /// The milestone `text` names among `milestones`, nil when none.
    public static func find(_ text: String, in milestones: [Milestone]) -> Milestone? {
        let trimmed = text.trimmed.lowercased()
        if let titled = milestones.first(where: { $0.title.value.lowercased() == trimmed }) { return titled }
        guard let number = number(text) else { return nil }
        return milestones.first { $0.number.value == number }
    }
}
