import Testing

@testable import TerminalKit

/// What the bytes terminals send for keys decode to.
@Suite struct KeyDecoderTests {
    func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.take(Array(text.utf8)) + decoder.flush()
    }

    @Test func arrowsAndTheirSS3FormsAndModifiedForms() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OD\u{1B}OH\u{1B}OF") == [.up, .left, .home, .end])
        #expect(keys("\u{1B}[1;5C\u{1B}[1;2D") == [.right, .left])
    }

    @Test func homeEndPagesDeleteAndShiftTabInEveryForm() {
        #expect(
            keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~") == [.home, .end, .home, .end, .home, .end])
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z") == [.pageUp, .pageDown, .delete, .backTab])
        #expect(keys("\u{1B}[15~\u{1B}[2~") == [.unknown, .unknown])
    }

    @Test func controlsEnterTabAndBackspace() {
        #expect(
            keys("\r\n\t\u{7F}\u{8}\u{1}\u{3}") == [
                .enter, .enter, .tab, .backspace, .backspace, .control(1), .control(3),
            ])
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnceNothingFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.take([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
        #expect(keys("\u{1B}b") == [.escape, .text("b")], "Alt-b: Escape, then b")
    }

    @Test func utf8TextArrivesScalarByScalarEvenSplitAcrossReads() {
        var decoder = KeyDecoder()
        let bytes = Array("é設🎉".utf8)
        var got: [Key] = []
        for byte in bytes { got += decoder.take([byte]) }
        #expect(got == [.text("é"), .text("設"), .text("🎉")])
    }

    @Test func bytesThatAreNotUTF8AreInvalidKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.take([0xFF, 0x61]) == [.invalid, .text("a")])
        #expect(decoder.take([0xE8, 0xA8, 0x61]) == [.invalid, .text("a")])
        #expect(decoder.take([0xE8]) == [])
        #expect(decoder.flush() == [.invalid])
    }
}
