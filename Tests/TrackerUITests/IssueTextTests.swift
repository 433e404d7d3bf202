import Testing
import TrackerUI

@Suite struct IssueTextTests {
    @Test func opensAsTitleBlankLineBody() {
        #expect(IssueText(title: "Crash", body: "Steps\n1. open").text == "Crash\n\nSteps\n1. open\n")
        #expect(IssueText(title: "Crash", body: "").text == "Crash\n")
    }

    @Test func readsBackWhatTheEditorOpened() {
        let text = IssueText(title: "Crash", body: "Steps\n\n1. open")
        #expect(IssueText(parsing: text.text) == text)
        #expect(IssueText(parsing: "Crash\n") == IssueText(title: "Crash", body: ""))
    }

    @Test func theFirstLineIsTheTitleAndTheEditorsLastNewlinesAreNotTheBody() {
        #expect(IssueText(parsing: "New\nno blank line\n\n\n") == IssueText(title: "New", body: "no blank line"))
        #expect(IssueText(parsing: "New\n\n\nkept blank line") == IssueText(title: "New", body: "\nkept blank line"))
    }

    @Test(arguments: ["", "\n", "  \n\n \t\n"])
    func aBlankFileIsGivingUp(_ text: String) {
        #expect(IssueText(parsing: text) == nil)
    }
}
