import TerminalKit
import TrackerCore
import TrackerUI

/// Renders a picker screen: what is chosen, the numbered choices, the last notice and the help;
/// and the one wording of what a picker changed.
@MainActor
public struct ChoiceView<Item: Equatable & Sendable> {
    let name: (Item) -> String
    /// What a notice calls one item ("label").
    let noun: String
    /// What toggling past the limit says.
    let full: String

    init(name: @escaping (Item) -> String, noun: String, full: String) {
        self.name = name
        self.noun = noun
        self.full = full
    }

    func render(_ output: ChoiceViewModel<Item>.Output, title: String, to terminal: any Terminal) {
        terminal.writeLine("")
        terminal.writeLine(heading(output, title: title))
        PickerView(label: name).render(output.picker, to: terminal)
        if let notice = output.notice { terminal.writeLine(describe(notice)) }
        terminal.writeHelp(PickerCommands.help)
    }

    /// What is chosen, after the picker's title.
    public func heading(_ output: ChoiceViewModel<Item>.Output, title: String) -> String {
        let chosen = output.picker.selected.map { VisibleText.line(name($0)) }
        return "\(title): " + (chosen.isEmpty ? "none" : chosen.joined(separator: ", "))
    }

    /// The item's name as shown.
    public func label(_ item: Item) -> String { VisibleText.line(name(item)) }

    public func describe(_ notice: PickerNotice) -> String {
        switch notice {
        case .noMatch(""): "There is no \(noun) to choose yet."
        case .noMatch(let text): "No \(noun) matches '\(VisibleText.line(text))'."
        case .outOfRange(0): "There is no \(noun) to pick: search first."
        case .outOfRange(let count): "Pick a number from 1 to \(count)."
        case .full: full
        case .cleared: "No \(noun) is chosen now: done saves that, :q leaves it unchanged."
        }
    }
}

extension ChoiceView {
    /// The one wording of a change, e.g. `Labels of issue #1: added bug, ui; removed docs`.
    nonisolated public static func describe(
        _ change: ChoiceChange<Item>, _ subject: String, name: (Item) -> String
    ) -> String {
        guard !change.isEmpty else { return "\(subject) unchanged" }
        var parts: [String] = []
        if !change.added.isEmpty {
            parts.append("added " + change.added.map { VisibleText.line(name($0)) }.joined(separator: ", "))
        }
        if !change.removed.isEmpty {
            parts.append("removed " + change.removed.map { VisibleText.line(name($0)) }.joined(separator: ", "))
        }
        return "\(subject): " + parts.joined(separator: "; ")
    }
}

extension ChoiceView where Item == LabelName {
    /// The label picker's words.
    public static var labels: ChoiceView { ChoiceView(name: \.value, noun: "label", full: "") }
}

extension ChoiceView where Item == MilestoneTitle {
    /// The milestone picker's words.
    public static var milestone: ChoiceView {
        ChoiceView(
            name: \.value, noun: "milestone",
            full: "An issue is in at most one milestone: untick the chosen one first, or choose none.")
    }
}

extension ChoiceView where Item == ProjectKey {
    /// The project picker's words.
    public static var project: ChoiceView {
        ChoiceView(name: \.value, noun: "project", full: "One project opens at a time: untick the chosen one first.")
    }
}
