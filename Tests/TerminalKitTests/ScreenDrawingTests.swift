import Testing

@testable import TerminalKit

/// How the full screen is drawn: only the rows that changed, each cut to the width with its
/// styles whole; nothing but our own styles reaches the terminal.
@Suite struct ScreenDrawingTests {
    let size = TerminalSize(columns: 20, rows: 4)

    @Test func theFirstFrameIsDrawnWholeAndTheNextOnlyWhereItDiffers() {
        var painter = FramePainter()
        let first = painter.paint(Frame(lines: ["tabs", "row one", "row two", "keys"]), size: size)
        #expect(first.hasPrefix("\u{1B}[?2026h\u{1B}[0m\u{1B}[H\u{1B}[2J") && first.hasSuffix("\u{1B}[?2026l"))
        #expect(first.contains("\u{1B}[2;1Hrow one\u{1B}[0m\u{1B}[K"))
        let second = painter.paint(Frame(lines: ["tabs", "row one", "row 2", "keys"]), size: size)
        #expect(second == "\u{1B}[?2026h\u{1B}[3;1Hrow 2\u{1B}[0m\u{1B}[K\u{1B}[?2026l", "only row 3 is written")
        #expect(
            painter.paint(Frame(lines: ["tabs", "row one", "row 2", "keys"]), size: size)
                == "\u{1B}[?2026h\u{1B}[?2026l")
    }

    @Test func aNewSizeOrALostScreenIsDrawnWhole() {
        var painter = FramePainter()
        let frame = Frame(lines: ["a", "b"])
        _ = painter.paint(frame, size: size)
        #expect(painter.paint(frame, size: TerminalSize(columns: 10, rows: 4)).contains("\u{1B}[2J"))
        painter.invalidate()
        #expect(painter.paint(frame, size: TerminalSize(columns: 10, rows: 4)).contains("\u{1B}[1;1Ha"))
    }

    @Test func rowsAreCutToTheWidthByDisplayColumnsKeepingStylesWhole() {
        var painter = FramePainter()
        let wide = "\u{1B}[32m設定設定設定設定設定設定\u{1B}[0m"
        let drawn = painter.paint(Frame(lines: [wide]), size: TerminalSize(columns: 7, rows: 1))
        #expect(drawn.contains("\u{1B}[1;1H\u{1B}[32m設定設\u{1B}[0m\u{1B}[K"), "three wide characters fit seven columns")
        #expect(StyledText.fit("ab\u{1B}[1mcd\u{1B}[0m", width: 3) == ("ab\u{1B}[1mc", 3))
    }

    @Test func theCursorShowsWhereAFieldIsAndHidesOtherwise() {
        var painter = FramePainter()
        let shown = painter.paint(Frame(lines: ["x"], cursor: .init(row: 2, column: 5)), size: size)
        #expect(shown.hasSuffix("\u{1B}[3;6H\u{1B}[?25h\u{1B}[?2026l"))
        #expect(painter.paint(Frame(lines: ["x"]), size: size).hasSuffix("\u{1B}[?25l\u{1B}[?2026l"))
    }

    @Test func anythingButOurOwnStylesIsShownNotObeyed() {
        let hostile = "a\u{1B}]0;pwned\u{7}b\u{1B}[2Jc\u{9B}d"
        let fitted = StyledText.fit(hostile, width: 60).text
        #expect(!fitted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(fitted == "a^[]0;pwned^Gb^[[2Jc<U+009B>d")
        #expect(StyledText.plain("\u{1B}[7mrow\u{1B}[0m\u{1B}[2J") == "row\u{1B}[2J", "plain drops styles only")
    }

    @Test func reversedRowsDropTheirOwnColoursSoNothingEndsTheHighlightEarly() {
        #expect(StyledText.reversed("\u{1B}[32m#1\u{1B}[0m  title") == "\u{1B}[7m#1  title\u{1B}[0m")
        #expect(StyledText.padded("設定", to: 6) == "設定  ")
    }
}

/// The prompt's row in the line front: typed at the end it writes only the text, moved about
/// it writes the row again, too long it scrolls sideways.
@Suite struct PromptLineTests {
    func editor(_ text: String, left: Int = 0) -> LineEditor {
        var editor = LineEditor(text: text)
        for _ in 0..<left { _ = editor.take(.left) }
        return editor
    }

    @Test func typingAndErasingAtTheEndWriteOnlyTheTextOrBackspaces() {
        var row = PromptLine(prompt: "tracker> ", columns: 40)
        #expect(row.draw(editor("")) == "\rtracker> ")
        #expect(row.draw(editor("v 3")) == "v 3")
        #expect(row.draw(editor("v 3設")) == "設")
        #expect(row.draw(editor("v 3")) == "\u{8} \u{8}\u{8} \u{8}", "a wide character is erased as two columns")
    }

    @Test func aCursorMovedIntoTheLineRedrawsTheRowAndPutsTheCursorBack() {
        var row = PromptLine(prompt: "tracker> ", columns: 40)
        _ = row.draw(editor("v 3"))
        #expect(row.draw(editor("v 3", left: 1)) == "\rtracker> v 3\u{1B}[K\r\u{1B}[11C")
        #expect(row.draw(editor("v 13", left: 1)) == "\rtracker> v 13\u{1B}[K\r\u{1B}[12C")
    }

    @Test func aLineWiderThanTheRowScrollsToKeepTheCursorInSight() {
        var row = PromptLine(prompt: "> ", columns: 12)
        let long = editor("abcdefghijklmnop")
        let drawn = row.draw(long)
        #expect(drawn == "\r> ijklmnop", "the end in sight, the cursor's column and the last left free")
        var home = long
        _ = home.take(.home)
        #expect(row.draw(home) == "\r> abcdefghi\u{1B}[K\r\u{1B}[2C")
    }

    @Test func aPromptTooWideForTypingGetsARowOfItsOwn() {
        var row = PromptLine(prompt: "Title [Enter keeps \"A very long title\"]: ", columns: 30)
        #expect(row.promptHasOwnRow)
        #expect(row.opening == "Title [Enter keeps \"A very long title\"]: \r\n")
        #expect(row.draw(editor("x")) == "\rx")
    }
}
