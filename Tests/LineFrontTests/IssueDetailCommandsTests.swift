import LineFront
import Testing
import TrackerCore
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
        #expect(IssueDetailCommands.parse("a") == .input(.chooseAssignees))
        #expect(IssueDetailCommands.parse("e") == .input(.edit))
        #expect(IssueDetailCommands.parse("E") == .input(.edit))
        #expect(IssueDetailCommands.parse("c") == .input(.comment))
        #expect(IssueDetailCommands.parse("comment") == .input(.comment))
        #expect(IssueDetailCommands.parse("l") == .input(.chooseLabels))
        #expect(IssueDetailCommands.parse("m") == .input(.chooseMilestone))
        #expect(IssueDetailCommands.parse("?") == .help)
        #expect(IssueDetailCommands.parse("b") == .input(.back))
        #expect(IssueDetailCommands.parse("q") == .input(.back))
    }

    @Test func planningKeysTakeTheirValueAsTheEdit() throws {
        let twelve = try IssueNumber(12)
        let seven = try IssueNumber(7)
        #expect(IssueDetailCommands.parse("p P1") == .input(.plan(try IssueEdit(priority: .set(.p1)))))
        #expect(IssueDetailCommands.parse("priority none") == .input(.plan(try IssueEdit(priority: .clear))))
        #expect(IssueDetailCommands.parse("d none") == .input(.plan(try IssueEdit(due: .clear))))
        #expect(
            IssueDetailCommands.parse("d 2026-12-31")
                == .input(.plan(try IssueEdit(due: .set(try DueDate.parse("2026-12-31"))))))
        #expect(IssueDetailCommands.parse("s 12") == .input(.plan(try IssueEdit(parent: .set(twelve)))))
        #expect(IssueDetailCommands.parse("s none") == .input(.plan(try IssueEdit(parent: .clear))))
        #expect(
            IssueDetailCommands.parse("k 12 -7")
                == .input(.plan(try IssueEdit(addBlockers: [twelve], removeBlockers: [seven]))))
        for typed in ["p P9", "d tomorrow", "s twelve", "k", "k -x", "p"] {
            #expect(IssueDetailCommands.parse(typed) == .unknown(typed), "\(typed)")
        }
        #expect(IssueDetailCommands.help.contains("p P1 priority"))
        #expect(IssueDetailCommands.help.contains("k N|-N blocker"))
    }

    @Test func helpNamesEveryCommand() {
        for command in ["e edit", "c comment", "a assignees", "x close", "o reopen", "r refresh", "b back"] {
            #expect(IssueDetailCommands.help.contains(command))
        }
    }

    @Test(arguments: ["x later", "o 3", "zzz", "a bob", "e 3", "c hello"])
    func unknownInputIsSaidNotGuessed(_ line: String) {
        #expect(IssueDetailCommands.parse(line) == .unknown(line))
        #expect(IssueDetailCommands.parse("  \(line) ") == .unknown(line), "said as typed, without the padding")
    }
}
