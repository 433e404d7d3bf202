import LineFront
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
        #expect(parse("c #12") == .input(.close([twelve], .completed)))
        #expect(parse("o 12") == .input(.reopen([twelve])))
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

    @Test(arguments: ["a", "a x", "a x bob", "c -1", "f colour:red", "f assignee:bad_login", "zzz"])
    func unknownInputIsNeverACrash(_ line: String) {
        #expect(parse(line) == .input(.unknown(line)))
    }

    /// `f` reads states and sorts as `--state` and `--sort` do, so a typo gets the same hint.
    @Test(arguments: [("f state:opn", "unknown state 'opn'"), ("f sort:updatd", "unknown sort 'updatd'")])
    func aMistypedStateOrSortIsAnsweredWithTheClosestWord(_ line: String, _ said: String) {
        guard case .input(.invalidFilter(let problem)) = parse(line) else {
            Issue.record("\(line) parsed as \(parse(line))")
            return
        }
        #expect("\(problem)".contains(said), "\(problem)")
        #expect("\(problem)".contains("did you mean"), "\(problem)")
        #expect(parse("f state:CLOSED") == .input(.filter(IssueFilter(state: .closed))), "any case, as the flag")
    }

    @Test func aFilterKeepsTheActiveSearch() {
        let searching = IssueFilter(search: "crash")
        let parsed = IssueListCommands.parse("f state:closed", current: searching, me: me)
        #expect(parsed == .input(.filter(IssueFilter(state: .closed, search: "crash"))))
    }

    @Test func assignWithLoginsTogglesThemWithoutThePicker() throws {
        let one = try IssueNumber(1)
        #expect(parse("a 1 bob") == .input(.toggleAssignees(one, [try Login("bob")])))
        #expect(parse("a #1 bob @me") == .input(.toggleAssignees(one, [try Login("bob"), me])))
        guard case .input(.invalidFilter) = parse("a 1 bad_login") else {
            Issue.record("a bad login is refused with its rule: \(parse("a 1 bad_login"))")
            return
        }
    }
}
