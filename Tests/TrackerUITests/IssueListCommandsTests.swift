import Testing
import TrackerCore
import TrackerUI

@Suite struct IssueListCommandsTests {
    let me: Login

    init() throws {
        me = try Login("alice")
    }

    func parse(_ line: String) -> IssueListCommands.Parsed {
        IssueListCommands.parse(line, current: IssueFilter(), me: me)
    }

    @Test func parsesEveryCommand() throws {
        let twelve = try IssueNumber(12)
        #expect(parse("n") == .input(.newIssue))
        #expect(parse("a 12") == .input(.assign(twelve)))
        #expect(parse("c #12") == .input(.close(twelve)))
        #expect(parse("o 12") == .input(.reopen(twelve)))
        #expect(parse("v 12") == .input(.view(twelve)))
        #expect(parse("/ crash login") == .input(.search("crash login")))
        #expect(parse("/crash") == .input(.search("crash")))
        #expect(parse(">") == .input(.nextPage))
        #expect(parse("<") == .input(.previousPage))
        #expect(parse("r") == .input(.refresh))
        #expect(parse("?") == .help)
        #expect(parse("q") == .quit)
    }

    @Test func parsesFilters() throws {
        let parsed = parse("f assignee:@me state:closed author:bob sort:updated")
        guard case .input(.filter(let filter)) = parsed else {
            Issue.record("not a filter: \(parsed)")
            return
        }
        #expect(filter.assignee == .user(me))
        #expect(filter.state == .closed)
        #expect(filter.author == (try Login("bob")))
        #expect(filter.sort == .updated)
        #expect(IssueListCommands.describe(filter, me: me) == "state:closed assignee:@me author:bob sort:updated")
        #expect(parse("f assignee:none") == .input(.filter(IssueFilter(assignee: .nobody))))
        #expect(parse("f") == .input(.filter(IssueFilter())), "f alone clears the filter")
    }

    @Test(arguments: ["a", "a x", "c -1", "f colour:red", "f state:merged", "f assignee:bad_login", "zzz"])
    func unknownInputIsNeverACrash(_ line: String) {
        #expect(parse(line) == .input(.unknown(line)))
    }
}
