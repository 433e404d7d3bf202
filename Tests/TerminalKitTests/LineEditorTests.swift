import Testing

@testable import TerminalKit

/// The line editor as a person types at it: bytes through the key decoder, then the editor.
@Suite struct LineEditorTests {
    /// Feeds the bytes' keys; the first step that is not plain editing, if any.
    @discardableResult
    func type(_ bytes: some Sequence<UInt8>, into editor: inout LineEditor) -> LineEditor.Step? {
        var decoder = KeyDecoder()
        let keys = decoder.take(bytes) + decoder.flush()
        for key in keys {
            let step = editor.take(key)
            if step != .editing { return step }
        }
        return nil
    }

    func type(_ text: String, into editor: inout LineEditor) -> LineEditor.Step? {
        type(Array(text.utf8), into: &editor)
    }

    static let left = "\u{1B}[D"
    static let right = "\u{1B}[C"
    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"

    @Test func leftThenATypedDigitGoesBeforeTheDigitTyped() {
        // Issue 32: `v 3`, ←, `1` opened #31; it is #13.
        var editor = LineEditor()
        #expect(type("v 3" + Self.left + "1\r", into: &editor) == .ended(.line("v 13")))
    }

    @Test func homeEndAndTheirControlKeysMoveToEitherEnd() {
        var editor = LineEditor()
        #expect(type("bc\u{1B}[Ha\u{1B}[Fd", into: &editor) == nil)
        #expect(editor.text == "abcd")
        #expect(type("\u{1}>\u{5}<\u{1B}[1~[\u{1B}[4~]", into: &editor) == nil)
        #expect(editor.text == "[>abcd<]")
        #expect(editor.visible.cursorColumn == 8)
    }

    @Test func backspaceAndDeleteEraseWholeGraphemeClustersAroundTheCursor() {
        var editor = LineEditor()
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        _ = type("x" + family + "e\u{301}設", into: &editor)
        _ = type(Self.left + Self.left + "\u{7F}", into: &editor)
        #expect(editor.text == "xe\u{301}設")
        #expect(editor.visible == ("xé設", 1))
        _ = type("\u{1B}[3~", into: &editor)
        #expect(editor.text == "x設")
        #expect(editor.visible.cursorColumn == 1)
    }

    @Test func theCursorColumnCountsWideCharactersAsTwo() {
        var editor = LineEditor()
        _ = type("ab設定X" + Self.left, into: &editor)
        #expect(editor.visible == ("ab設定X", 6))
    }

    @Test func ctrlUClearsBeforeTheCursorCtrlWTheWordBeforeItAndCtrlKAfterIt() {
        var editor = LineEditor()
        _ = type("fix 設定  now", into: &editor)
        _ = type(String(repeating: Self.left, count: 3) + "\u{17}", into: &editor)
        #expect(editor.text == "fix now")
        _ = type("\u{17}", into: &editor)
        #expect(editor.text == "now")
        _ = type("again " + "\u{15}", into: &editor)
        #expect(editor.text == "now")
        _ = type(Self.right + "\u{B}", into: &editor)
        #expect(editor.text == "n")
    }

    @Test func upAndDownWalkTheHistoryAndGiveBackTheLineBeingTyped() {
        var editor = LineEditor(history: ["v 1", "f state:closed"])
        _ = type("half", into: &editor)
        _ = type(Self.up, into: &editor)
        #expect(editor.text == "f state:closed")
        _ = type(Self.up + Self.up, into: &editor)
        #expect(editor.text == "v 1", "the oldest stays at the top")
        _ = type(Self.down, into: &editor)
        #expect(editor.text == "f state:closed")
        _ = type(Self.down, into: &editor)
        #expect(editor.text == "half")
        _ = type("\u{10}", into: &editor)
        #expect(type("X\r", into: &editor) == .ended(.line("f state:closedX")))
    }

    @Test func tabAsksForCompletionsAndTakesOneOrTheirCommonStart() {
        var editor = LineEditor()
        #expect(type("a 3 b\t", into: &editor) == .complete(before: "a 3 b"))
        #expect(editor.complete(with: .init(replacing: 1, candidates: ["bob"])) == .editing)
        #expect(editor.text == "a 3 bob ")
        var labels = LineEditor(text: "f label:g")
        #expect(
            labels.complete(with: .init(replacing: 7, candidates: ["label:good-first", "label:good-docs"])) == .editing)
        #expect(labels.text == "f label:good-")
        let twice = labels.complete(with: .init(replacing: 11, candidates: ["label:good-first", "label:good-docs"]))
        #expect(twice == .candidates(["label:good-first", "label:good-docs"]))
        #expect(labels.text == "f label:good-")
        #expect(labels.complete(with: nil) == .editing)
    }

    @Test func enterCtrlDAndCtrlCEndTheLine() {
        var lf = LineEditor()
        #expect(type("ok\n", into: &lf) == .ended(.line("ok")))
        var empty = LineEditor()
        #expect(type([0x04], into: &empty) == .ended(.endOfInput))
        var typed = LineEditor()
        #expect(
            type("ab" + Self.left + "\u{4}\r", into: &typed) == .ended(.line("a")), "Ctrl-D deletes under the cursor")
        var cancelled = LineEditor()
        #expect(type("half\u{3}", into: &cancelled) == .ended(.cancelled))
    }

    @Test func controlCharactersWithNoKeyAreKeptAndShownEscaped() {
        var editor = LineEditor()
        _ = type("a\u{7}", into: &editor)
        #expect(editor.text == "a\u{7}")
        #expect(editor.visible == ("a^G", 3))
        _ = type([0xC2, 0x85], into: &editor)
        #expect(editor.visible == ("a^G<U+0085>", 11))
    }

    @Test func bytesThatAreNotUTF8RefuseTheLineUnlessErased() {
        var refused = LineEditor()
        #expect(type([0x61, 0xFF, 0x0D], into: &refused) == .ended(.notUTF8))
        var truncated = LineEditor()
        #expect(type([0xE8, 0xA8, 0x61, 0x0D], into: &truncated) == .ended(.notUTF8))
        var surrogate = LineEditor()
        #expect(type([0xED, 0xA0, 0x80, 0x0D], into: &surrogate) == .ended(.notUTF8))
        var erased = LineEditor()
        #expect(type([0x61, 0xFF, 0x7F, 0x62, 0x0D], into: &erased) == .ended(.line("ab")))
        var literal = LineEditor()
        #expect(type(Array("\u{FFFD}\r".utf8), into: &literal) == .ended(.line("\u{FFFD}")))
    }
}
