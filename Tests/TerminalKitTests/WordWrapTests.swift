import Testing

@testable import TerminalKit

@Suite struct WordWrapTests {
    let prose = "Steps to reproduce: open the login screen, leave the password empty and press enter twice."

    @Test func breaksAtSpacesWithinTheWidth() {
        let lines = WordWrap.lines(prose, width: 30)
        #expect(
            lines == [
                "Steps to reproduce: open the", "login screen, leave the", "password empty and press enter",
                "twice.",
            ])
        #expect(lines.joined(separator: " ") == prose)
    }

    @Test func continuationLinesKeepTheIndentation() {
        let lines = WordWrap.lines("    " + prose, width: 40)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") && $0.count <= 40 })
    }

    @Test func aWordWiderThanTheLineIsBrokenBetweenCharacters() {
        let url = "https://example.com/a/very/long/path/that/cannot/break"
        #expect(
            WordWrap.lines("see " + url, width: 20) == [
                "see", "https://example.com/", "a/very/long/path/tha", "t/cannot/break",
            ])
        #expect(WordWrap.lines("設計レビュー", width: 5) == ["設計", "レビ", "ュー"], "wide characters take two columns")
    }

    @Test func colourSequencesTakeNoRoomAndStayWhole() {
        let bold = "\u{1B}[1m#12 Login fails on an empty password\u{1B}[0m"
        let lines = WordWrap.lines(bold, width: 20)
        #expect(lines == ["\u{1B}[1m#12 Login fails on", "an empty password\u{1B}[0m"])
        #expect(WordWrap.lines(bold, width: 40) == [bold], "it fits once the sequences are not counted")
    }

    @Test func aPipeOrAShortLineIsLeftAlone() {
        #expect(WordWrap.text(prose + "\n\n  " + prose, width: nil) == prose + "\n\n  " + prose)
        #expect(WordWrap.text("short\n\nlines\n", width: 10) == "short\n\nlines\n")
    }

    @Test func everyWidthKeepsEveryWordAndFits() {
        let text =
            "  Café naïve 設計レビュー \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} family, a-very-long-hyphenated-word and more"
        for width in 1...60 {
            let lines = WordWrap.lines(text, width: width)
            for line in lines {
                #expect(WordWrap.visibleWidth(line) <= max(width, 2), "\(width): \(line)")
            }
            #expect(
                lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "\(width): nothing lost or added")
        }
    }
}
