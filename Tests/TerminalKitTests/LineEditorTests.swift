import Testing

@testable import TerminalKit

@Suite struct LineEditorTests {
    static let backspace: UInt8 = 0x7F
    static let erase1 = "\u{8} \u{8}"

    func type(_ text: String, into editor: inout LineEditor) -> String {
        let step = editor.take(Array(text.utf8))
        #expect(step.end == nil)
        return step.echo
    }

    @Test func backspaceErasesAWideCharacterAsTwoColumns() {
        var editor = LineEditor()
        #expect(type("ab設X", into: &editor) == "ab設X")
        let step = editor.take([LineEditorTests.backspace, LineEditorTests.backspace])
        #expect(editor.text == "ab")
        #expect(step.echo == String(repeating: LineEditorTests.erase1, count: 1 + 2))
        #expect(editor.take(Array("\r".utf8)).end == .line("ab"))
    }

    @Test func aZWJSequenceIsErasedAsOne() {
        var editor = LineEditor()
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        _ = type("x" + family + "e\u{301}", into: &editor)
        #expect(editor.take(LineEditorTests.backspace).echo == LineEditorTests.erase1)
        #expect(editor.text == "x" + family)
        #expect(editor.take(0x08).echo == String(repeating: LineEditorTests.erase1, count: 2))
        #expect(editor.text == "x")
    }

    @Test func ctrlUClearsTheLineAndCtrlWTheLastWord() {
        var editor = LineEditor()
        _ = type("fix 設定  ", into: &editor)
        #expect(editor.take(0x17).echo == String(repeating: LineEditorTests.erase1, count: 2 + 4))
        #expect(editor.text == "fix ")
        #expect(editor.take(0x17).echo == String(repeating: LineEditorTests.erase1, count: 4))
        #expect(editor.text == "")
        _ = type("again 漢字", into: &editor)
        #expect(editor.take(0x15).echo == String(repeating: LineEditorTests.erase1, count: 6 + 4))
        #expect(editor.text == "")
        #expect(editor.take(0x7F).echo == "")
    }

    @Test func enterCtrlDAndCtrlCEndTheLine() {
        var lf = LineEditor()
        #expect(lf.take(Array("ok\n".utf8)) == ("ok\n", .line("ok")))
        var empty = LineEditor()
        #expect(empty.take(0x04).end == .endOfInput)
        var typed = LineEditor()
        #expect(typed.take(Array("a\u{4}b\r".utf8)).end == .line("ab"))
        var cancelled = LineEditor()
        #expect(cancelled.take(Array("half\u{3}".utf8)).end == .cancelled)
    }

    @Test func controlCharactersAreEchoedEscapedAndErasedByTheirWidth() {
        var editor = LineEditor()
        #expect(editor.take(Array("a\u{1}".utf8)).echo == "a^A")
        #expect(editor.text == "a\u{1}")
        #expect(editor.take(0x7F).echo == String(repeating: LineEditorTests.erase1, count: 2))
        #expect(editor.take(Array("\u{85}".utf8)).echo == "<U+0085>")
        #expect(editor.take(0x7F).echo == String(repeating: LineEditorTests.erase1, count: 8))
    }

    @Test func arrowKeysAreIgnored() {
        var editor = LineEditor()
        #expect(editor.take(Array("a\u{1B}[D\u{1B}OAb\r".utf8)) == ("ab\n", .line("ab")))
    }

    @Test func bytesThatAreNotUTF8RefuseTheLineUnlessErased() {
        var refused = LineEditor()
        #expect(refused.take([0x61, 0xFF, 0x0D]) == ("a\u{FFFD}\n", .notUTF8))
        var truncated = LineEditor()
        #expect(truncated.take([0xE8, 0xA8, 0x61, 0x0D]).end == .notUTF8)
        var surrogate = LineEditor()
        #expect(surrogate.take([0xED, 0xA0, 0x80, 0x0D]).end == .notUTF8)
        var erased = LineEditor()
        #expect(erased.take([0x61, 0xFF, 0x7F, 0x62, 0x0D]).end == .line("ab"))
        var literal = LineEditor()
        #expect(literal.take(Array("\u{FFFD}\r".utf8)).end == .line("\u{FFFD}"))
    }
}
