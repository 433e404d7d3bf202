import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// A picker on the full screen (assignees, labels, a milestone): a checklist (`Checklist`) under
/// what is chosen. A failure before the choices were shown (the issue could not be read) is
/// left for the screen that opened the picker to say.
@MainActor
final class FullPickerPresenter<Output, Item: Equatable & Sendable>: Presenter {
    /// How a picker's output reads: its picker, heading, notice and failure.
    struct Reading {
        let picker: (Output) -> Picker<Item>
        let heading: (Output) -> String
        let label: (Item) -> String
        let notice: (Output) -> String?
        let failure: (Output) -> TrackerError?
        /// What the picker saved once it ended with no picker shown (the list's toggle), if anything.
        var saved: (Output) -> [String]? = { _ in nil }
    }

    private let session: FullScreenSession
    private let reading: Reading
    private var output: Output?
    private var checklist = Checklist()
    private var message: [String] = []
    private var drawn = false

    init(session: FullScreenSession, reading: Reading) {
        self.session = session
        self.reading = reading
    }

    func show(_ output: Output) {
        self.output = output
        message = reading.failure(output).map(session.failure) ?? []
        if let notice = reading.notice(output) { message.append(notice) }
        if let saved = reading.saved(output) {
            session.carried += message + saved
        } else if !drawn, reading.failure(output) != nil {
            session.carried += message
        }
    }

    func next() async -> PickerAction? {
        drawn = true
        while true {
            guard case .key(let key) = session.nextEvent(layout: layout) else { return nil }
            let count = output.map { reading.picker($0).choices.count } ?? 0
            message = []
            if let action = checklist.take(key, count: count, page: height) { return action }
        }
    }

    private var height: Int {
        ScreenLayout.bodyHeight(size: session.size, message: message, field: checklist.searching)
    }

    private func layout() -> ScreenLayout {
        let width = session.size.columns
        var layout = ScreenLayout(
            tab: .issues, title: output.map(reading.heading) ?? "", message: message, keys: checklist.keys)
        layout.field = checklist.field(width: width)
        guard let output else { return layout }
        layout.body = checklist.body(reading.picker(output), label: reading.label, width: width, height: height)
        return layout
    }
}

extension FullPickerPresenter where Output == AssigneeViewModel.Output, Item == Login {
    /// The assignee picker; after the list's toggle, what it saved.
    convenience init(assigneesOn session: FullScreenSession, mode: AssigneeCoordinator.Mode) {
        var toggles = false
        if case .toggle = mode { toggles = true }
        self.init(
            session: session,
            reading: Reading(
                picker: \.picker, heading: AssigneeView.heading, label: { VisibleText.line($0.value) },
                notice: { $0.notice.map(AssigneeView.describe) }, failure: \.failure,
                saved: { output in
                    guard toggles else { return nil }
                    return output.change.map { change in session.words { AssigneeView().renderChange(change, to: $0) } }
                        ?? []
                }))
    }
}

extension FullPickerPresenter where Output == ChoiceViewModel<Item>.Output {
    /// The label or milestone picker, in the line front's words.
    convenience init(choicesOn session: FullScreenSession, view: ChoiceView<Item>, title: String) {
        self.init(
            session: session,
            reading: Reading(
                picker: \.picker, heading: { view.heading($0, title: title) }, label: view.label,
                notice: { $0.notice.map(view.describe) }, failure: \.failure))
    }
}
