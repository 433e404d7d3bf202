import TerminalKit

/// Renders a picker screen: what is chosen, the numbered choices, the last notice and the help.
@MainActor
struct ChoiceView<Item: Equatable & Sendable> {
    let name: (Item) -> String

    func render(_ output: ChoiceViewModel<Item>.Output, title: String, to terminal: any Terminal) {
        let chosen = output.picker.selected.map { VisibleText.line(name($0)) }
        terminal.writeLine("")
        terminal.writeLine("\(title): " + (chosen.isEmpty ? "none" : chosen.joined(separator: ", ")))
        PickerView(label: name).render(output.picker, to: terminal)
        if let notice = output.notice { terminal.writeLine(notice) }
        terminal.writeLine(PickerCommands.help)
    }
}
