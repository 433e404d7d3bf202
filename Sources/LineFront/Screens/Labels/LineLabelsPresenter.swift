import TerminalKit
import TrackerCore
import TrackerUI

/// The Labels tab at a line prompt: `labels> `, a label named by its row or its name, and each
/// field asked at a prompt of its own (deleting asks first).
@MainActor
final class LineLabelsPresenter: LabelsPresenter {
    private let terminal: any Terminal
    private var prompt: OrganizationPrompt<LabelsCommands.Action, Label, LabelsViewModel.Input>
    private let view = LabelsView()
    private var labels: [Label] = []

    init(terminal: any Terminal) {
        self.terminal = terminal
        prompt = OrganizationPrompt(
            terminal: terminal, hints: LabelsCommands.hints, refresh: .appear, unknown: LabelsViewModel.Input.unknown,
            invalid: LabelsViewModel.Input.invalid, needs: LabelsCommands.needs)
    }

    func show(_ output: LabelsViewModel.Output) {
        labels = output.items
        prompt.permissions = output.permissions
        view.render(output, to: terminal)
        if case .unknownCommand? = output.notice, output.failure == nil { terminal.writeHelp(prompt.help) }
    }

    func next() async -> TabInput<LabelsViewModel.Input>? {
        TabPrompt.next("labels> ", on: terminal) { line in
            prompt.read(
                LabelsCommands.parse(line),
                find: { ShownRows.find($0, in: labels, name: \.name.value, unknown: TrackerError.unknownLabel) },
                new: askNew, act: { $0 == .edit ? askChanges(to: $1) : askToDelete($1) })
        }
    }

    private func askNew() -> LabelsViewModel.Input? {
        let prompts = ["Name: ", "Colour (RRGGBB, Enter picks one): ", "Description (Enter for none): "]
        let checks: [Int: (String) throws -> Void] = [
            0: { _ = try LabelName($0) }, 1: { _ = $0.isBlank ? nil : try LabelColor($0.trimmed) },
        ]
        guard let typed = prompt.ask(prompts, checks: checks) else { return nil }
        return TabPrompt.checked(invalid: LabelsViewModel.Input.invalid) {
            .create(try LabelsCommands.newLabel(name: typed[0], color: typed[1], description: typed[2]))
        }
    }

    private func askChanges(to label: Label) -> LabelsViewModel.Input? {
        let description = label.description.isEmpty ? "none" : "'\(VisibleText.line(label.description))'"
        let prompts = [
            "Name [Enter keeps \(LabelsCommands.quoted(label.name))]: ", "Colour [Enter keeps \(label.color.hex)]: ",
            "Description [Enter keeps \(description)]: ",
        ]
        guard let typed = prompt.ask(prompts) else { return nil }
        return TabPrompt.checked(invalid: LabelsViewModel.Input.invalid) {
            let change = try LabelsCommands.change(name: typed[0], color: typed[1], description: typed[2])
            return change.map { .edit(label.name, $0) } ?? .keep(label.name)
        }
    }

    private func askToDelete(_ label: Label) -> LabelsViewModel.Input? {
        let question = "Delete label \(LabelsCommands.quoted(label.name))? It is removed from every issue. [y/N] "
        guard let answer = terminal.readAnswer(prompt: question), answer.lowercased().hasPrefix("y") else {
            terminal.writeLine(TabFrameView.cancelled)
            return nil
        }
        return .delete(label.name)
    }
}
