import TerminalKit
import TrackerCore
import TrackerUI

/// What a line typed at the Labels tab's prompt means, and the labels' wording wherever a label
/// change is said (the tab, `tracker label …`).
public enum LabelsCommands {
    static let hints = [
        KeyHint("n new", needs: .createLabel), KeyHint("e NAME|N edit", needs: .editLabel),
        KeyHint("d NAME|N delete", needs: .deleteLabel), KeyHint("r refresh"), KeyHint(TabCommands.help),
        KeyHint("? help"), KeyHint("q quit"),
    ]

    public enum Action: Equatable, Sendable { case edit, delete }

    /// What a command needs of the session's level.
    static func needs(_ line: TabLine<Action>) -> Permissions.Action? {
        switch line {
        case .new: .createLabel
        case .act(.edit, _): .editLabel
        case .act(.delete, _): .deleteLabel
        default: nil
        }
    }

    public static func parse(_ line: String) -> TabLine<Action> {
        TabLine.parse(line, actions: ["e": .edit, "edit": .edit, "d": .delete, "delete": .delete])
    }

    /// A label's fields as typed at the tab's prompts: an empty colour picks one.
    public static func newLabel(name: String, color: String, description: String) throws -> Label {
        let name = try LabelName(name)
        let color = color.isBlank ? nil : try LabelColor(color)
        return try Label(name: name, color: color, description: description)
    }

    /// The changes typed at the tab's prompts, where Enter keeps a field; nil when every field is kept.
    public static func change(name: String, color: String, description: String) throws -> LabelChange? {
        let change = try LabelChange(
            name: name.isBlank ? nil : try LabelName(name), color: color.isBlank ? nil : try LabelColor(color),
            description: description.isBlank ? nil : description)
        return change.isEmpty ? nil : change
    }

    /// What a label change did, in one line.
    public static func describe(_ notice: LabelsViewModel.Notice) -> String {
        switch notice {
        case .created(let label): "Created label \(quoted(label.name)) (#\(label.color))"
        case .edited(let label): "Edited label \(quoted(label.name))"
        case .unchanged(let name): "No change to label \(quoted(name))"
        case .deleted(let label, let issues):
            "Deleted label \(quoted(label.name)) (removed from \(issues) issue\(issues == 1 ? "" : "s"))"
        case .unknownCommand(let text): TabFrameView.unknownCommand(text)
        }
    }

    public static func quoted(_ name: LabelName) -> String {
        "'\(VisibleText.line(name.value))'"
    }
}
