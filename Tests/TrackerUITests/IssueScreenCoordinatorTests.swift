import Foundation
import Synchronization
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@testable import LineFront

/// The issue screen's conversation (edit, comment, conflicts) on a scripted terminal.
@MainActor
@Suite struct IssueScreenCoordinatorTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let drafts = InMemoryDraftRepository()
    let alice: Login
    let bob: Login
    let one: IssueNumber

    init() async throws {
        users = InMemoryUserRepository(try ["alice", "bob"].map { try User(login: Login($0)) })
        issues = InMemoryIssueRepository(users: users)
        alice = try Login("alice")
        bob = try Login("bob")
        one = try IssueNumber(1)
        _ = try await issues.create(try IssueDraft(title: "Crash on start", body: "Steps"), author: alice)
    }

    func screens(on terminal: ScriptedTerminal, editBody: BodyEditing? = nil) -> ScreenFactory {
        .wiring(actor: alice, issues: issues, users: users, drafts: drafts, terminal: terminal, editBody: editBody)
    }

    func runApp(_ script: [String]) async -> ScriptedTerminal {
        let terminal = ScriptedTerminal(script: script)
        await screens(on: terminal).app().start()
        return terminal
    }

    /// The issue screen on issue 1, run to its end.
    func runScreen(_ script: [String], editBody: (@Sendable (String) -> String?)? = nil) async -> ScriptedTerminal {
        let terminal = ScriptedTerminal(script: script)
        let screen = screens(on: terminal, editBody: editBody).issueDetail(one)
        #expect(await screen.start() == .back)
        #expect(screen.childCoordinators.isEmpty, "every child screen is removed once it ends")
        return terminal
    }

    @Test func editingTheTitleByLinesSavesAndShowsTheRename() async throws {
        let terminal = await runApp(["v 1", "e", "Crash at launch", ".", "b", "q"])
        let issue = try #require(await issues.all.first)
        #expect(issue.title == "Crash at launch")
        #expect(issue.body == "Steps", "a '.' first keeps the body")
        #expect(terminal.prompts.contains("Title [Enter keeps \"Crash on start\"]: "))
        let notice = try #require(terminal.output.range(of: "Edited issue #1\n"))
        let reloaded = terminal.output[..<notice.lowerBound]
        #expect(reloaded.contains("#1 Crash at launch"))
        #expect(reloaded.contains("alice changed the title from \"Crash on start\" to \"Crash at launch\""))
    }

    @Test func editingTheBodyByLinesKeepsTheTitle() async throws {
        let terminal = await runScreen(["e", "", "First step", "", "Second step", ".", "b"])
        let issue = try #require(await issues.all.first)
        #expect(issue.title == "Crash on start")
        #expect(issue.body == "First step\n\nSecond step")
        #expect(terminal.output.contains("alice edited the description"))
        #expect(try await issues.details(of: one).events.count == 2, "created, edited: no rename")
    }

    @Test func theSameTextChangesNothingAndSaysSo() async throws {
        let terminal = await runScreen(["e", "", ".", "b"])
        #expect(terminal.output.contains("No changes to issue #1: the text is as it was\n"))
        #expect(try await issues.details(of: one).events.map(\.kind) == [.created])
    }

    @Test func aBadTitleIsSaidAndAskedAgain() async throws {
        let terminal = await runScreen(["e", String(repeating: "x", count: 257), "Short", ".", "b"])
        #expect(terminal.output.contains("the limit is 256"))
        #expect(terminal.prompts.filter { $0.hasPrefix("Title [") }.count == 2)
        #expect(await issues.all.first?.title == "Short")
    }

    @Test func commentingByLinesPostsAndShowsTheComment() async throws {
        let terminal = await runApp(["v 1", "c", "Seen it too.", "", "On 2.3.", ".", "b", "q"])
        let comments = try await issues.details(of: one).comments
        #expect(comments.map(\.body) == ["Seen it too.\n\nOn 2.3."])
        #expect(comments.first?.author == alice)
        let notice = try #require(terminal.output.range(of: "Commented on issue #1 (comment 1)\n"))
        let reloaded = terminal.output[..<notice.lowerBound]
        #expect(
            reloaded.contains("Comments (1)\n\nalice commented just now (comment 1)\n  Seen it too.\n\n  On 2.3.\n"))
        #expect(reloaded.contains("alice commented (comment 1)"))
    }

    @Test func anEmptyCommentIsRefusedAndAskedAgain() async throws {
        let terminal = await runScreen(["c", ".", "  ", ".", "Now something.", ".", "b"])
        let refusals = terminal.output.components(separatedBy: "! invalid comment: cannot be empty").count - 1
        #expect(refusals == 2)
        #expect(try await issues.details(of: one).comments.map(\.body) == ["Now something."])
    }

    @Test func aCommentTheDatabaseRefusesIsOneLineAndKept() async throws {
        let terminal = ScriptedTerminal(script: ["Seen it too.", "."])
        let composer = screens(on: terminal).commentComposer(one)
        await issues.failNextCall(with: .databaseUnavailable("the database is down"))
        let outcome = await composer.start()
        #expect(outcome == .notPosted(.databaseUnavailable("the database is down"), kept: true))
        CommentComposerView().renderOutcome(outcome, of: one, to: terminal)
        #expect(
            terminal.output.hasSuffix(
                "! the database is down\nYour comment is kept as a draft of a comment on issue #1.\n"))
        #expect(try drafts.load(.comment(one))?.body == "Seen it too.")
    }

    @Test func anIssueTheEditorCannotReadIsOneLineFromTheScreen() async throws {
        let terminal = ScriptedTerminal(script: ["e", "b"])
        let screen = screens(on: terminal).issueDetail(one)
        let editor = screens(on: terminal).issueEditor(one)
        await issues.failNextCall(with: .databaseUnavailable("the database is down"))
        let outcome = await screen.run(editor)
        #expect(outcome == .notSaved(.databaseUnavailable("the database is down"), kept: false))
        #expect(terminal.output.isEmpty, "the editor says nothing itself")
        #expect(terminal.prompts.isEmpty)
        IssueEditorView().renderOutcome(outcome, of: one, to: terminal)
        #expect(terminal.output == "! the database is down\n")
    }

    @Test(arguments: [
        ["e", ":q", "b"], ["e", "New", ":q", "b"], ["e", "New", "line", " :q ", "b"], ["c", ":q", "b"],
        ["c", "line", ":q", "b"], ["e", "New"], ["c", "line"],
    ])
    func cancellingWritesNothing(_ script: [String]) async throws {
        let terminal = await runScreen(script)
        #expect(terminal.output.contains("Cancelled: nothing was written."))
        let details = try await issues.details(of: one)
        #expect(details.issue.title == "Crash on start")
        #expect(details.comments.isEmpty)
        #expect(details.events.map(\.kind) == [.created])
        #expect(try drafts.load(.edit(one)) == nil)
        #expect(try drafts.load(.comment(one)) == nil)
    }

    @Test func withAnEditorTheTitleAndBodyOpenAsOneText() async throws {
        let editor = ScriptedEditor(answers: ["Crash at launch\n\nSteps\nMore steps\n"])
        let terminal = await runScreen(["e", "b"], editBody: editor.open)
        #expect(editor.opened == ["Crash on start\n\nSteps\n"])
        let issue = try #require(await issues.all.first)
        #expect(issue.title == "Crash at launch")
        #expect(issue.body == "Steps\nMore steps")
        #expect(terminal.output.contains("Edited issue #1"))
        #expect(!terminal.prompts.contains { $0.hasPrefix("Title") }, "no typed prompts with an editor")
    }

    @Test func anEmptiedEditorFileCancels() async throws {
        let editor = ScriptedEditor(answers: ["\n"])
        let terminal = await runScreen(["e", "b"], editBody: editor.open)
        #expect(terminal.output.contains("Cancelled: nothing was written."))
        #expect(try await issues.details(of: one).events.map(\.kind) == [.created])
    }

    /// An editor that, while it is open the first time, lets bob change the body.
    func editorWhileBobEditsTheBody(answers: [String]) -> ScriptedEditor {
        let issues = issues
        let bob = bob
        let one = one
        return ScriptedEditor(answers: answers) {
            _ = try await issues.edit([one], try IssueEdit(body: "Steps\nfrom bob"), read: nil, actor: bob)
        }
    }

    /// What the screen says when bob saved first: that, then his change as a diff from what was read.
    static let conflictLines = """
        ! Someone else saved issue #1 while you were editing; nothing was saved, your text is kept. What they changed:
        @@ -1 +1,2 @@
        -Steps
        +Steps
        +from bob

        """

    @Test func aConflictShowsTheirChangeAndYesMergesTheTextWithTheirs() async throws {
        // After "y" the editor opens again on the person's title over bob's body; they keep it.
        let editor = editorWhileBobEditsTheBody(answers: ["Crash at launch\n\nSteps\n"])
        let terminal = await runScreen(["e", "y", "b"], editBody: editor.open)
        #expect(terminal.output.components(separatedBy: Self.conflictLines).count == 2, "said once: \(terminal.output)")
        #expect(terminal.prompts.contains(MergeQuestions.mergePrompt))
        #expect(editor.opened == ["Crash on start\n\nSteps\n", "Crash at launch\n\nSteps\nfrom bob\n"])
        let issue = try #require(await issues.all.first)
        #expect(issue.title == "Crash at launch")
        #expect(issue.body == "Steps\nfrom bob", "bob's change is not overwritten")
        #expect(terminal.output.contains("Edited issue #1"))
        #expect(try drafts.load(.edit(one)) == nil, "the kept text is forgotten once saved")
    }

    @Test func aConflictAnsweredNoKeepsTheTextAsTheEditDraft() async throws {
        let editor = editorWhileBobEditsTheBody(answers: ["Crash at launch\n\nMy steps\n"])
        let terminal = ScriptedTerminal(script: ["n"])
        let coordinator = screens(on: terminal, editBody: editor.open).issueEditor(one)
        let outcome = await coordinator.start()
        guard case .notSaved(.editConflict(let conflict), kept: true) = outcome else {
            Issue.record("expected a kept conflict, got \(outcome)")
            return
        }
        #expect(conflict.current.body == "Steps\nfrom bob")
        #expect(terminal.output.hasSuffix(Self.conflictLines))
        #expect(
            try drafts.load(.edit(one))
                == SavedDraft(
                    title: "Crash at launch", body: "My steps", assignees: [], changesTitle: true, changesBody: true))
        let issue = try #require(await issues.all.first)
        #expect(issue.title == "Crash on start")
        #expect(issue.body == "Steps\nfrom bob")

        IssueEditorView().renderOutcome(outcome, of: one, to: terminal)
        #expect(
            terminal.output.hasSuffix(
                "Your text is kept as a draft: `tracker edit 1 --recover` applies it to the issue as it is now.\n"))
    }

    @Test func theScreenSaysTheKeptDraftAfterNo() async throws {
        let editor = editorWhileBobEditsTheBody(answers: ["Crash at launch\n\nSteps\n"])
        let terminal = await runScreen(["e", "n", "b"], editBody: editor.open)
        #expect(terminal.output.contains(Self.conflictLines + "Your text is kept as a draft"))
        #expect(try drafts.load(.edit(one))?.title == "Crash at launch")
    }

    @Test func finishedEditorAndComposerAreRemovedAndFreed() async throws {
        let screen = screens(on: ScriptedTerminal()).issueDetail(one)
        weak var weakEditor: IssueEditorCoordinator?
        weak var weakComposer: CommentComposerCoordinator?
        do {
            let terminal = ScriptedTerminal(script: ["Renamed", ".", "A comment", "."])
            let editor = screens(on: terminal).issueEditor(one)
            let composer = screens(on: terminal).commentComposer(one)
            weakEditor = editor
            weakComposer = composer
            guard case .saved = await screen.run(editor), case .posted = await screen.run(composer) else {
                Issue.record("expected a saved edit and a posted comment")
                return
            }
            #expect(screen.childCoordinators.isEmpty)
        }
        #expect(weakEditor == nil)
        #expect(weakComposer == nil)
    }
}

/// Stands in for `$EDITOR`: hands back scripted texts (then the text as opened) and records what
/// it was opened on; `meanwhile` runs, to its end, while it is open the first time.
final class ScriptedEditor: Sendable {
    private let state: Mutex<(answers: [String], opened: [String])>
    private let meanwhile: (@Sendable () async throws -> Void)?

    init(answers: [String], meanwhile: (@Sendable () async throws -> Void)? = nil) {
        state = Mutex((answers, []))
        self.meanwhile = meanwhile
    }

    var opened: [String] { state.withLock { $0.opened } }

    var open: @Sendable (String) -> String? {
        { [self] text in
            let first = state.withLock { state in
                state.opened.append(text)
                return state.opened.count == 1
            }
            if first, let meanwhile { Self.waitFor(meanwhile) }
            return state.withLock { $0.answers.isEmpty ? text : $0.answers.removeFirst() }
        }
    }

    /// Runs `work` on another task and waits for it: the editor is called synchronously.
    private static func waitFor(_ work: @escaping @Sendable () async throws -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            try? await work()
            done.signal()
        }
        done.wait()
    }
}
