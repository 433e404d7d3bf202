import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@testable import LineFront

/// What the line presenters read at their prompts and hand to the view models: typed text up to
/// a lone `.`, and how many issues fit a page.
@MainActor
@Suite struct LinePromptsTests {
    @Test func aBodyIsTypedUpToALoneDot() async throws {
        let terminal = ScriptedTerminal(script: ["Fine", "First line", "", " . ", "."])
        let presenter = LineIssueCreatorPresenter(terminal: terminal, editBody: nil)
        var output = IssueCreatorViewModel.Output()
        presenter.show(output)
        #expect(await presenter.next() == .title("Fine"))
        output.step = .body
        presenter.show(output)
        #expect(await presenter.next() == .body("First line\n\n . "))
        #expect(terminal.output.contains("Body (end with a line holding a single '.'):\n"))
        #expect(terminal.prompts == ["Title: ", "", "", "", ""])
    }

    @Test(arguments: [[":q"], ["a line", ":q"], ["a line"]])
    func aBodyLeftOrCutShortIsACancel(_ script: [String]) async throws {
        let presenter = LineIssueCreatorPresenter(terminal: ScriptedTerminal(script: script), editBody: nil)
        var output = IssueCreatorViewModel.Output()
        output.step = .body
        presenter.show(output)
        #expect(await presenter.next() == .cancel)
    }

    @Test func anEditedBodyKeepsTheCurrentOneOnADotFirst() async throws {
        let terminal = ScriptedTerminal(script: [".", "New steps", "", "."])
        let presenter = LineIssueEditorPresenter(terminal: terminal, editBody: nil)
        var output = IssueEditorViewModel.Output(number: try IssueNumber(1))
        presenter.show(output)
        output.step = .body
        presenter.show(output)
        #expect(await presenter.next() == .body(nil))
        #expect(await presenter.next() == .body("New steps\n"))
    }

    @Test func aCommentIsTypedUpToALoneDot() async throws {
        let terminal = ScriptedTerminal(script: ["Seen it too.", " . ", ".", "."])
        let presenter = LineCommentComposerPresenter(terminal: terminal, editBody: nil)
        presenter.show(CommentComposerViewModel.Output(number: try IssueNumber(1)))
        #expect(await presenter.next() == .text("Seen it too.\n . "))
        #expect(await presenter.next() == .text(""), "a `.` alone is an empty comment, for the rules to refuse")
        #expect(await presenter.next() == .cancel, "the end of input")
    }

    @Test func aPageIsAsTallAsTheTerminalAllows() {
        #expect(LineIssueListPresenter.pageSize(height: nil) == IssueListViewModel.pageSize, "a script on a pipe")
        #expect(LineIssueListPresenter.pageSize(height: 50) == 44)
        #expect(LineIssueListPresenter.pageSize(height: 15) == 9)
        #expect(LineIssueListPresenter.pageSize(height: 3) == 5, "never fewer than 5")
    }
}
