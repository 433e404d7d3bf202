import TerminalKit

/// The highlighted row of a list and the first row shown, kept within the rows there are and
/// the height there is: the highlight never leaves the screen.
struct RowCursor: Equatable {
    var selected = 0
    var top = 0

    /// Moves the highlight by `step` rows (negative is up), within `count` rows.
    mutating func move(by step: Int, count: Int) {
        selected = min(max(0, selected + step), max(0, count - 1))
    }

    /// Within `count` rows, the highlight shown in `height` rows.
    mutating func fit(count: Int, height: Int) {
        selected = min(max(0, selected), max(0, count - 1))
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        top = max(0, min(top, count - height))
    }

    /// The rows to show: the highlighted one marked and in reverse video.
    func window(_ rows: [String], height: Int, width: Int) -> [String] {
        let end = min(rows.count, top + height)
        guard top < end else { return [] }
        return (top..<end).map { index in
            index == selected
                ? StyledText.reversed(StyledText.padded("▸ " + rows[index], to: width)) : "  " + rows[index]
        }
    }

    /// Whether the key moves the highlight; `page` is how far PgUp and PgDn go.
    mutating func take(_ key: Key, count: Int, page: Int) -> Bool {
        switch key {
        case .up, .text("k"): move(by: -1, count: count)
        case .down, .text("j"): move(by: 1, count: count)
        case .pageUp: move(by: -page, count: count)
        case .pageDown: move(by: page, count: count)
        case .home, .text("g"): selected = 0
        case .end, .text("G"): selected = max(0, count - 1)
        default: return false
        }
        return true
    }
}
