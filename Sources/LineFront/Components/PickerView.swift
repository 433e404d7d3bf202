import TerminalKit
import TrackerUI

/// Renders a picker's numbered choices, the selected ones ticked.
@MainActor
public struct PickerView<Item: Equatable & Sendable> {
    private let label: (Item) -> String

    public init(label: @escaping (Item) -> String) {
        self.label = label
    }

    public func render(_ picker: Picker<Item>, to terminal: any Terminal) {
        for (index, item) in picker.choices.enumerated() {
            let tick = picker.isSelected(item) ? "x" : " "
            terminal.writeLine("  \(index + 1). [\(tick)] \(VisibleText.line(label(item)))")
        }
    }
}
