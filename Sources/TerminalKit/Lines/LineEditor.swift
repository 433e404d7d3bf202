/// The line being typed at a prompt when the terminal is in raw mode, as readline edits it:
/// text goes in at the cursor; ←/→ (Ctrl-B/F) move by grapheme cluster, Home/End (Ctrl-A/E) to
/// either end; Backspace and Delete remove the cluster before or under the cursor; Ctrl-W the
/// word before it, Ctrl-U everything before it, Ctrl-K everything after; ↑/↓ (Ctrl-P/N) walk the
/// history (the line being typed comes back at the bottom); Tab completes the word before the
/// cursor. Enter ends the line, Ctrl-D on an empty line ends the input and Ctrl-C cancels. What
/// to draw is `visible`: the text through `VisibleText`, so a control character typed shows as
/// `^A`, and the cursor's column in it.
public struct LineEditor: Sendable {
    public enum End: Equatable, Sendable {
        case line(String)
        /// The line held bytes that are not UTF-8; it is refused as a whole, as a piped one is.
        case notUTF8
        /// Ctrl-D on an empty line.
        case endOfInput
        /// Ctrl-C, when the terminal passes it on instead of interrupting.
        case cancelled
    }

    /// What a key did.
    public enum Step: Equatable, Sendable {
        case editing
        case ended(End)
        /// Tab: the caller finds what could complete the text before the cursor and hands it
        /// to `complete(with:)`.
        case complete(before: String)
        /// Tab found several ways to go on and none is longer than what is typed: show them.
        case candidates([String])
    }

    /// The word before the cursor and what could replace it.
    public struct Completion: Equatable, Sendable {
        /// How many scalars before the cursor the candidates replace.
        public var replacing: Int
        public var candidates: [String]

        public init(replacing: Int, candidates: [String]) {
            self.replacing = replacing
            self.candidates = candidates
        }
    }

    private var scalars: [Unicode.Scalar]
    /// Which scalars stand (as U+FFFD) for bytes that were not UTF-8.
    private var invalid: [Bool]
    /// Where the cursor is, in scalars from the start.
    public private(set) var cursor: Int
    private let history: [String]
    /// Where in `history` the line shown comes from; nil: the line being typed.
    private var historyIndex: Int?
    /// The line being typed, kept while the history is shown.
    private var typing: ([Unicode.Scalar], [Bool])?

    /// Starts with `text` already typed (given back after a prompt was interrupted), the cursor
    /// at its end; `history` oldest first.
    public init(text: String = "", history: [String] = []) {
        scalars = Array(text.unicodeScalars)
        invalid = Array(repeating: false, count: scalars.count)
        cursor = scalars.count
        self.history = history
    }

    /// Starts with `text`, the cursor `cursor` scalars from its start (a row of a text area).
    public init(text: String, cursor: Int) {
        self.init(text: text)
        self.cursor = min(max(0, cursor), scalars.count)
    }

    public var text: String { String(String.UnicodeScalarView(scalars)) }

    /// The text before the cursor.
    public var beforeCursor: String { String(String.UnicodeScalarView(scalars[..<cursor])) }

    /// Whether some of the text stands for bytes that were not UTF-8.
    public var hasInvalidBytes: Bool { invalid.contains(true) }

    /// The text as drawn and the cursor's column in it.
    public var visible: (text: String, cursorColumn: Int) {
        (VisibleText.line(text), DisplayWidth.of(VisibleText.line(beforeCursor)))
    }

    public mutating func take(_ key: Key) -> Step {
        switch key {
        case .text(let scalar): insert([scalar], invalid: false)
        case .invalid: insert(["\u{FFFD}"], invalid: true)
        case .enter: return .ended(invalid.contains(true) ? .notUTF8 : .line(text))
        case .backspace: remove(previousBoundary()..<cursor)
        case .delete: remove(cursor..<nextBoundary())
        case .left: cursor = previousBoundary()
        case .right: cursor = nextBoundary()
        case .home: cursor = 0
        case .end: cursor = scalars.count
        case .up: recall(older: true)
        case .down: recall(older: false)
        case .tab: return .complete(before: beforeCursor)
        case .control(let byte): return control(byte)
        case .backTab, .escape, .pageUp, .pageDown, .unknown: break
        }
        return .editing
    }

    private mutating func control(_ byte: UInt8) -> Step {
        switch byte {
        case 0x01: return take(.home)
        case 0x05: return take(.end)
        case 0x02: return take(.left)
        case 0x06: return take(.right)
        case 0x10: return take(.up)
        case 0x0E: return take(.down)
        case 0x03: return .ended(.cancelled)
        case 0x04:
            if scalars.isEmpty { return .ended(.endOfInput) }
            remove(cursor..<nextBoundary())
        case 0x15: remove(0..<cursor)
        case 0x0B: remove(cursor..<scalars.count)
        case 0x17: remove(wordStart()..<cursor)
        default: insert([Unicode.Scalar(byte)], invalid: false)
        }
        return .editing
    }

    private mutating func insert(_ new: [Unicode.Scalar], invalid flag: Bool) {
        scalars.insert(contentsOf: new, at: cursor)
        invalid.insert(contentsOf: Array(repeating: flag, count: new.count), at: cursor)
        cursor += new.count
    }

    private mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        scalars.removeSubrange(range)
        invalid.removeSubrange(range)
        cursor = range.lowerBound
    }

    /// The offsets where grapheme clusters start, and the end.
    private var boundaries: [Int] {
        var result = [0]
        for character in text { result.append(result[result.count - 1] + character.unicodeScalars.count) }
        return result
    }

    private func previousBoundary() -> Int { boundaries.last { $0 < cursor } ?? 0 }
    private func nextBoundary() -> Int { boundaries.first { $0 > cursor } ?? scalars.count }

    /// The start of the word before the cursor, spaces after it included (Ctrl-W).
    private func wordStart() -> Int {
        var start = cursor
        while start > 0, scalars[start - 1].properties.isWhitespace { start -= 1 }
        while start > 0, !scalars[start - 1].properties.isWhitespace { start -= 1 }
        return start
    }

    private mutating func recall(older: Bool) {
        guard !history.isEmpty else { return }
        let index: Int?
        switch (historyIndex, older) {
        case (nil, true): index = history.count - 1
        case (nil, false): return
        case (let current?, true): index = max(0, current - 1)
        case (let current?, false): index = current + 1 < history.count ? current + 1 : nil
        }
        if historyIndex == nil { typing = (scalars, invalid) }
        historyIndex = index
        if let index {
            scalars = Array(history[index].unicodeScalars)
            invalid = Array(repeating: false, count: scalars.count)
        } else if let typing {
            (scalars, invalid) = typing
        }
        cursor = scalars.count
    }

    /// Completes the word before the cursor with what was found for it: one candidate replaces
    /// it (and a space follows), several their longest common start; when that is no longer than
    /// the word, the candidates are handed back to be shown.
    public mutating func complete(with found: Completion?) -> Step {
        guard let found, !found.candidates.isEmpty, found.replacing <= cursor else { return .editing }
        let word = cursor - found.replacing
        if found.candidates.count == 1 {
            remove(word..<cursor)
            insert(Array((found.candidates[0] + " ").unicodeScalars), invalid: false)
            return .editing
        }
        let common = LineEditor.commonPrefix(found.candidates)
        guard common.unicodeScalars.count > found.replacing else { return .candidates(found.candidates) }
        remove(word..<cursor)
        insert(Array(common.unicodeScalars), invalid: false)
        return .editing
    }

    /// The longest start all of `words` share, in whole characters.
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let characters = Array(word)
            var length = 0
            while length < min(prefix.count, characters.count), prefix[length] == characters[length] { length += 1 }
            prefix = Array(prefix[..<length])
        }
        return String(prefix)
    }
}
