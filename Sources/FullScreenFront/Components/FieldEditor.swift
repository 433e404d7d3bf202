import TerminalKit

/// A one-line input on the full screen (a search, a filter, a form's field): the line front's
/// `LineEditor`, drawn after its label and scrolled sideways to keep the cursor in sight.
struct FieldEditor {
    var editor: LineEditor
    private var scrolled = 0

    init(_ text: String = "", history: [String] = []) {
        editor = LineEditor(text: text, history: history)
    }

    var text: String { editor.text }

    mutating func take(_ key: Key) -> LineEditor.Step {
        editor.take(key)
    }

    /// A key for a field that stands alone (a title): Enter or Tab gives the text, Escape leaves;
    /// nil while typing goes on.
    mutating func read(_ key: Key) -> Typed? {
        switch key {
        case .escape: return .cancelled
        case .enter, .tab: return .text(text)
        default:
            _ = take(key)
            return nil
        }
    }

    /// The label and the text, `width` columns at most, and the cursor's column.
    mutating func row(label: String, width: Int) -> (text: String, cursor: Int) {
        let lead = VisibleText.line(label)
        let room = max(1, width - DisplayWidth.of(lead) - 1)
        let shown = PromptLine.window(editor.visible, room: room, scrolled: &scrolled)
        return (lead + shown.text, DisplayWidth.of(lead) + shown.cursorColumn)
    }
}

/// How typing in a field or a text area ended.
enum Typed: Equatable {
    case text(String)
    case cancelled

    /// The screen's input for it: the text made into one, or the screen's cancel.
    func input<Input>(_ make: (String) -> Input, cancel: Input) -> Input {
        switch self {
        case .text(let text): make(text)
        case .cancelled: cancel
        }
    }
}
