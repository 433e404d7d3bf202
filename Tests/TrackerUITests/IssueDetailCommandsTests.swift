import Testing
import TrackerUI

@Suite struct IssueDetailCommandsTests {
    @Test func parsesEveryCommand() {
        #expect(IssueDetailCommands.parse("x") == .input(.close(.completed)))
        #expect(IssueDetailCommands.parse("x not-planned") == .input(.close(.notPlanned)))
        #expect(IssueDetailCommands.parse("x NOT_PLANNED") == .input(.close(.notPlanned)))
        #expect(IssueDetailCommands.parse("x completed") == .input(.close(.completed)))
        #expect(IssueDetailCommands.parse("o") == .input(.reopen))
        #expect(IssueDetailCommands.parse("r") == .input(.appear))
        #expect(IssueDetailCommands.parse("") == .input(.appear))
        #expect(IssueDetailCommands.parse("a") == .assignees)
        #expect(IssueDetailCommands.parse("?") == .help)
        #expect(IssueDetailCommands.parse("b") == .back)
        #expect(IssueDetailCommands.parse("q") == .back)
    }

    @Test(arguments: ["x later", "o 3", "zzz", "a bob"])
    func unknownInputIsSaidNotGuessed(_ line: String) {
        #expect(IssueDetailCommands.parse(line) == .unknown(line))
        #expect(IssueDetailCommands.parse("  \(line) ") == .unknown(line), "said as typed, without the padding")
    }
}
