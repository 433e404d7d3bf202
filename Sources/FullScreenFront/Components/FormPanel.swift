import TerminalKit
import TrackerCore

/// A form on the full screen (a new label, a milestone, a person): a field per row, Tab or ↓
/// to the next, Shift-Tab or ↑ back, Enter on the last one (or Ctrl-D anywhere) to send, Escape
/// to leave it. What the fields make is checked before it is sent; a field that breaks a rule
/// is said in the form and nothing typed is lost.
struct FormPanel<Action> {
    static var keys: String {
        "Tab ↓ next field · Shift-Tab ↑ back · Enter on the last field or Ctrl-D send · Esc cancel"
    }

    enum Step {
        case editing
        case send(Action)
        case cancelled
    }

    let title: String
    private let labels: [String]
    private var fields: [FieldEditor]
    private var focus = 0
    /// What is wrong with what was sent.
    var error: [String] = []
    private let make: ([String]) throws -> Action

    /// `fields`: each field's label and what it starts with.
    init(title: String, fields: [(String, String)], make: @escaping ([String]) throws -> Action) {
        self.title = title
        labels = fields.map(\.0)
        self.fields = fields.map { FieldEditor($0.1) }
        self.make = make
    }

    var values: [String] { fields.map(\.text) }

    mutating func take(_ key: Key) -> Step {
        switch key {
        case .escape: return .cancelled
        case .tab, .down: focus = (focus + 1) % fields.count
        case .backTab, .up: focus = (focus + fields.count - 1) % fields.count
        case .enter where focus < fields.count - 1: focus += 1
        case .enter, .control(0x04): return send()
        default:
            error = []
            _ = fields[focus].take(key)
        }
        return .editing
    }

    private mutating func send() -> Step {
        do {
            return .send(try make(values))
        } catch {
            self.error = ["! " + VisibleText.line("\(TrackerError(wrapping: error))")]
            return .editing
        }
    }

    /// The form's rows (its title, then a row per field) and where the cursor is.
    mutating func render(width: Int) -> (lines: [String], cursor: Frame.Position) {
        let labelWidth = labels.map { DisplayWidth.of($0) }.max() ?? 0
        var lines = [StyledText.bold(title)]
        var cursor = Frame.Position(row: 1, column: 0)
        for index in fields.indices {
            let label =
                labels[index] + String(repeating: " ", count: labelWidth - DisplayWidth.of(labels[index])) + "  "
            let row = fields[index].row(label: label, width: width)
            if index == focus { cursor = Frame.Position(row: lines.count, column: row.cursor) }
            lines.append(row.text)
        }
        return (lines, cursor)
    }
}
