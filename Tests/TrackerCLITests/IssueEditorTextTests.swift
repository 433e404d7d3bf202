import Testing
import TrackerCore

@testable import tracker

/// The editor file of `tracker edit` and the notes added to failures, without a process.
@Suite struct IssueEditorTextTests {
    @Test(arguments: [
        ("Title", ""), ("Title", "Body"), ("Title", "Body\n"), ("Title", "\nstarts blank"), ("Title", "a\n\nb\n\n"),
    ])
    func whatIsWrittenIsReadBack(_ title: String, _ body: String) {
        let parsed = IssueEditorText.parse(IssueEditorText.compose(title: title, body: body))
        #expect(parsed.title == title && parsed.body == body)
    }

    @Test func editorsThatDropTheLastLineBreakOrTheBlankLineStillParse() {
        #expect(IssueEditorText.parse("Title\n\nBody") == ("Title", "Body"))
        #expect(IssueEditorText.parse("Title") == ("Title", ""))
        #expect(IssueEditorText.parse("Title\nBody right under it\n") == ("Title", "Body right under it"))
        #expect(IssueEditorText.parse("\n\nNo title\n") == ("", "No title"))
    }

    @Test func aNoteKeepsTheExitCode() {
        let missing = TrackerError.notFound("issue #4 does not exist").noting("your comment is kept")
        #expect(missing == .notFound("issue #4 does not exist; your comment is kept"))
        let unknown = TrackerError.unknownUser(login: "bob", suggestions: []).noting("kept")
        #expect(ExitStatus.of(unknown) == 65 && "\(unknown)".hasSuffix("; kept"))
        let down = TrackerError.databaseUnavailable("cannot reach the database").noting("kept")
        #expect(ExitStatus.of(down) == 69)
    }
}
