import LineFront
import Testing
import TrackerUI

@Suite struct PickerCommandsTests {
    @Test func parsesWhatCanBeTypedAtAPicker() {
        #expect(PickerCommands.parse("3") == .toggle(3))
        #expect(PickerCommands.parse("  12 ") == .toggle(12))
        #expect(PickerCommands.parse("al") == .search("al"))
        #expect(PickerCommands.parse(" al ") == .search("al"))
        #expect(PickerCommands.parse("done") == .done)
        #expect(PickerCommands.parse("DONE") == .done)
        #expect(PickerCommands.parse("") == .done)
        #expect(PickerCommands.parse("q") == .done, "q leaves the picker, keeping what was chosen")
        #expect(PickerCommands.parse(" Q ") == .done)
        #expect(PickerCommands.parse(":q") == .cancel)
        #expect(PickerCommands.parse("cancel") == .cancel)
        #expect(PickerCommands.parse("none") == .clear, "what the milestone picker's title promises")
        #expect(PickerCommands.parse(" None ") == .clear)
    }

    @Test(arguments: ["-1", "99999999999999999999999", "1.5", "#1"])
    func oddNumbersAreSearchesOrOutOfRange(_ line: String) {
        switch PickerCommands.parse(line) {
        case .search(let text): #expect(text == line)
        case .toggle(let position): #expect(position < 1)
        default: Issue.record("'\(line)' parsed as \(PickerCommands.parse(line))")
        }
    }
}

/// A screen's help broken between its items to fit the terminal, never inside one.
@Suite struct HelpLinesTests {
    @Test func helpBreaksBetweenItems() {
        let help = "n new · a N assign · f assignee:@me state:closed · r refresh · q quit"
        #expect(HelpLines.lines(help, width: nil) == [help])
        let lines = HelpLines.lines(help, width: 30)
        #expect(lines == ["n new · a N assign ·", "f assignee:@me state:closed ·", "r refresh · q quit"])
        #expect(HelpLines.lines("a very long single item here", width: 10).allSatisfy { $0.count <= 10 })
        // Two items that fill the width exactly leave the separator no room: the line breaks before.
        #expect(HelpLines.lines("aaaa · bbbb · cc", width: 11) == ["aaaa ·", "bbbb · cc"])
        #expect(HelpLines.lines("aaaa · bbbb · cc", width: 13) == ["aaaa · bbbb ·", "cc"])
        #expect(HelpLines.lines("aaaa · bbbb", width: 11) == ["aaaa · bbbb"], "the last item needs no room")
    }
}
