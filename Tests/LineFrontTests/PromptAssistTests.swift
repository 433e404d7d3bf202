import TerminalKit
import Testing

@testable import LineFront

/// What Tab completes at the line front's prompts, and which prompts keep a history.
@MainActor
@Suite struct PromptAssistTests {
    @Test func theWordTellsTheKindOfName() throws {
        let at = try #require(NameCompletion.word("a 3 @bo", at: "tracker> "))
        #expect(at == NameCompletion(kind: .login, typed: "bo", prefix: "@", replacing: 3, quotes: false))
        let label = try #require(NameCompletion.word("f state:all label:go", at: "tracker> "))
        #expect(label == NameCompletion(kind: .label, typed: "go", prefix: "label:", replacing: 8, quotes: true))
        let milestone = try #require(NameCompletion.word("f milestone:\"Sprint 1", at: "tracker> "))
        #expect(milestone.kind == .milestone && milestone.typed == "Sprint 1" && milestone.prefix == "milestone:")
        #expect(milestone.replacing == "milestone:\"Sprint 1".unicodeScalars.count)
        #expect(milestone.spelled("Sprint 12") == "\"Sprint 12\"")
        #expect(NameCompletion.word("f author:al", at: "tracker> ")?.kind == .login)
        #expect(NameCompletion.word("f state:cl", at: "tracker> ") == nil, "states are not names")
    }

    @Test func elseThePromptAndTheCommandTellIt() {
        #expect(NameCompletion.word("a 3 bo", at: "tracker> ")?.kind == .login)
        #expect(NameCompletion.word("v 3", at: "tracker> ") == nil)
        #expect(NameCompletion.word("al", at: "assignees> ")?.kind == .login)
        #expect(NameCompletion.word("ba", at: "pick labels> ")?.kind == .label)
        #expect(NameCompletion.word("Spr", at: "pick milestone> ")?.kind == .milestone)
        let tab = NameCompletion.word("e good fi", at: "labels> ")
        #expect(tab?.kind == .label && tab?.typed == "good fi" && tab?.replacing == 7)
        #expect(NameCompletion.word("c Sprint", at: "milestones> ")?.kind == .milestone)
        #expect(NameCompletion.word("Crash", at: "Title: ") == nil, "a form's answers are not completed")
    }

    @Test func candidatesKeepWhatComesBeforeTheNameAndItsQuotes() {
        var asked: [(NameKind, String)] = []
        let assist = PromptAssist(history: LineHistory(store: nil)) { kind, typed in
            asked.append((kind, typed))
            return ["Sprint 12", "Sprint 13"]
        }
        let found = assist.complete("f milestone:Spr", at: "tracker> ")
        #expect(
            found
                == LineEditor.Completion(
                    replacing: 13, candidates: ["milestone:\"Sprint 12\"", "milestone:\"Sprint 13\""]))
        #expect(asked.count == 1 && asked[0].0 == .milestone && asked[0].1 == "Spr")
    }

    @Test func onlyTheScreensCommandPromptsKeepAHistory() {
        let history = LineHistory(store: nil)
        let assist = PromptAssist(history: history, lookup: nil)
        assist.typed("v 2", at: "tracker> ")
        assist.typed("My secret title", at: "Title: ")
        assist.typed("e bug", at: "labels> ")
        assist.typed("v 2", at: "#3> ")
        #expect(history.lines == ["e bug", "v 2"], "a line typed again moves to the end")
        #expect(assist.history(at: "Title: ").isEmpty)
        #expect(assist.history(at: "#7> ") == ["e bug", "v 2"])
    }
}
