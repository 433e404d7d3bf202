import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// What a key does on an organization tab (Labels, Milestones, People).
enum TabAct<Action> {
    case send(Action)
    /// A form to fill in; what it makes is sent.
    case form(FormPanel<Action>)
    /// A yes-or-no question; yes sends the action.
    case ask(String, Action)
}

/// How one organization tab reads its output and its keys.
struct TabReading<Output, Action, Item> {
    let tab: Tab
    let items: (Output) -> [Item]
    /// The items as a table (its header row first), in the line front's columns.
    let table: ([Item]) -> Table
    let empty: String?
    let notice: (Output) -> String?
    let failure: (Output) -> TrackerError?
    /// What the session may do: keys it may not are left out, and refused before a form opens.
    let permissions: (Output) -> Permissions
    let hints: [KeyHint]
    let refresh: Action
    /// `/` lists the items matching a text, where the tab can.
    let search: ((String) -> Action)?
    /// What a key does with the highlighted item (nil: nothing is highlighted), and what it
    /// needs of the session's level.
    let act: (Key, Item?) -> (TabAct<Action>, needs: Permissions.Action?)?
}

/// An organization tab on the full screen: its items as a table with a highlighted row, a key
/// per action, a form for what is typed, a question before what cannot be undone.
@MainActor
final class FullTabPresenter<Output, Action: Sendable, Item>: Presenter {
    typealias Input = TabInput<Action>

    let session: FullScreenSession
    let reading: TabReading<Output, Action, Item>
    var output: Output?
    var rows = RowCursor()
    var message: [String] = []
    var form: FormPanel<Action>?
    /// The form sent last: open again, with why, when the view model refuses what it made.
    var sentForm: FormPanel<Action>?
    var question: (String, Action)?
    var search: FieldEditor?

    init(session: FullScreenSession, reading: TabReading<Output, Action, Item>) {
        self.session = session
        self.reading = reading
    }

    func show(_ output: Output) {
        self.output = output
        message = session.takeCarried() + (reading.failure(output).map(session.failure) ?? [])
        if let notice = reading.notice(output) { message.append(notice) }
        if var sent = sentForm, let failure = reading.failure(output) {
            sent.error = session.failure(failure)
            form = sent
        }
        sentForm = nil
    }

    func next() async -> TabInput<Action>? {
        while true {
            guard case .key(let key) = session.nextEvent(layout: layout) else { return nil }
            if let input = take(key) { return input }
        }
    }

    private func take(_ key: Key) -> TabInput<Action>? {
        if form != nil { return formKey(key) }
        if let (_, action) = question {
            question = nil
            message = []
            return key == .text("y") || key == .text("Y") ? .screen(action) : nil
        }
        if search != nil { return searchKey(key) }
        message = []
        if let tab = reading.tab.switched(by: key) { return .switchTo(tab) }
        let items = output.map(reading.items) ?? []
        if rows.take(key, count: items.count, page: height) { return nil }
        switch key {
        case .text("q"): return .quit
        case .text("r"): return .screen(reading.refresh)
        case .text("/") where reading.search != nil: search = FieldEditor()
        case .text("?"): message = WordWrap.lines(keys, width: session.size.columns)
        default:
            let item = items.indices.contains(rows.selected) ? items[rows.selected] : nil
            guard let (act, needs) = reading.act(key, item) else { break }
            if let refusal = needs.flatMap(permissions.refusal) {
                message = session.failure(refusal)
                break
            }
            switch act {
            case .send(let action): return .screen(action)
            case .form(let panel): form = panel
            case .ask(let text, let action): question = (text, action)
            }
        }
        return nil
    }

    private func formKey(_ key: Key) -> TabInput<Action>? {
        guard var panel = form else { return nil }
        switch panel.take(key) {
        case .editing:
            form = panel
            return nil
        case .cancelled:
            form = nil
            message = [TabFrameView.cancelled]
            return nil
        case .send(let action):
            form = nil
            sentForm = panel
            return .screen(action)
        }
    }

    private func searchKey(_ key: Key) -> TabInput<Action>? {
        guard var field = search, let make = reading.search else { return nil }
        switch key {
        case .escape:
            search = nil
            return nil
        case .enter:
            search = nil
            rows = RowCursor()
            return .screen(make(field.text))
        default:
            _ = field.take(key)
            search = field
            return nil
        }
    }

    var permissions: Permissions { output.map(reading.permissions) ?? .databaseDecides }
    var keys: String { ScreenLayout.keys(reading.hints, allowedBy: permissions) }

    var height: Int {
        ScreenLayout.bodyHeight(size: session.size, message: message, field: search != nil || question != nil) - 1
    }
}
