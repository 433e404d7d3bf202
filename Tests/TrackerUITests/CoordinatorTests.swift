import Foundation
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// The screens driven through a scripted terminal with in-memory use cases.
@MainActor
@Suite struct CoordinatorTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let drafts = InMemoryDraftRepository()
    let alice: Login

    init() throws {
        users = InMemoryUserRepository(try ["alice", "bob", "carol"].map { try User(login: Login($0)) })
        issues = InMemoryIssueRepository(users: users)
        alice = try Login("alice")
    }

    func screens(on terminal: ScriptedTerminal) -> ScreenFactory {
        .wiring(actor: alice, issues: issues, users: users, drafts: drafts, terminal: terminal)
    }

    func run(_ script: [String]) async -> ScriptedTerminal {
        let terminal = ScriptedTerminal(script: script)
        await screens(on: terminal).app().start()
        return terminal
    }

    @Test func newIssueWithAssigneesThenBackOnTheListWithTheIssueShown() async throws {
        let terminal = await run([
            "n", "Crash on start", "It crashes.", "Every time.", ".", "y", "b", "1", "done", "", "q",
        ])
        let created = try #require(await issues.all.first)
        #expect(created.title == "Crash on start")
        #expect(created.body == "It crashes.\nEvery time.")
        #expect(created.assignees == [try Login("bob")])
        #expect(created.author == alice)
        let afterCreate = try #require(terminal.output.range(of: "Created issue #1\n"))
        let listAfter = terminal.output[..<afterCreate.lowerBound]
        #expect(listAfter.contains("#1  Crash on start  bob"))
    }

    @Test func aBadTitleIsSaidAtOnceAndAskedAgain() async throws {
        let terminal = await run(["n", "   ", String(repeating: "x", count: 257), "Fine title", ".", "n", "y", "q"])
        #expect(terminal.output.contains("! invalid title: cannot be empty"))
        #expect(terminal.output.contains("the limit is 256"))
        #expect(terminal.prompts.filter { $0 == "Title: " }.count == 3)
        #expect(await issues.all.map(\.title) == ["Fine title"])
    }

    @Test(arguments: [
        ["n", ":q", "q"], ["n", "Title", ":q", "q"], ["n", "Title", ".", ":q", "q"],
        ["n", "Title", ".", "y", ":q", "n", "q"], ["n", "Title", ".", "n", "n", "q"],
    ])
    func cancellingAtAnyStepWritesNothing(_ script: [String]) async throws {
        let terminal = await run(script)
        #expect(await issues.all.isEmpty)
        #expect(terminal.output.contains("Cancelled: nothing was written."))
        #expect(try drafts.load(.newIssue) == nil)
    }

    @Test func assignFromTheListSavesOnDone() async throws {
        _ = try await issues.create(try IssueDraft(title: "One", assignees: [try Login("carol")]), author: alice)
        let terminal = await run(["a 1", "1", "b", "1", "done", "q"])
        #expect(await issues.all.first?.assignees == [try Login("bob")])
        #expect(terminal.output.split(separator: "\n").contains { $0.hasPrefix("#1") && $0.contains(" bob ") })
    }

    @Test func assigningAnIssueThatDoesNotExistSaysSoAndOpensNoPicker() async throws {
        let terminal = await run(["a 999", "q"])
        #expect(terminal.output.contains("! issue #999 does not exist"))
        #expect(!terminal.output.contains("Assignees ("), "no empty picker")
    }

    @Test func theAssigneeScreenHoldsTheLimitOfTen() async throws {
        let many = try (1...11).map { try User(login: Login("dev\($0)")) }
        for user in many { _ = try await users.add(user) }
        _ = try await issues.create(try IssueDraft(title: "Busy"), author: alice)
        // "dev" finds 8 candidates; then dev7, dev8 (the 10th) and dev9 (refused) one by one.
        let toggles = ["dev"] + (1...8).map(String.init) + ["dev7", "9", "dev8", "10", "dev9", "11"]
        let terminal = await run(["a 1"] + toggles + ["done", "q"])
        #expect(terminal.output.contains("at most 10 assignees"))
        #expect(await issues.all.first?.assignees.count == 10)
    }

    @Test func listCommandsCloseReopenViewFilterAndPage() async throws {
        for index in 1...25 { _ = try await issues.create(try IssueDraft(title: "Issue \(index)"), author: alice) }
        _ = try await issues.assign([try Login("bob")], to: [try IssueNumber(3)], actor: alice)
        let terminal = await run([
            "c 25", "c 25", "o 25", "v 3", "b", ">", ">", "<", "f assignee:bob", "/ Issue 3", "zzz", "q",
        ])
        #expect(terminal.output.contains("Closed issue #25 as completed"))
        #expect(terminal.output.contains("Issue #25 is already closed"))
        #expect(terminal.output.contains("Reopened issue #25"))
        #expect(terminal.output.contains("alice assigned bob"))
        #expect(terminal.output.contains("page 2"))
        #expect(terminal.output.contains("This is the last page."))
        #expect(terminal.output.contains("Issues · state:open assignee:bob · page 1"))
        let unknown = try #require(terminal.output.range(of: "Unknown command 'zzz': ? shows the commands."))
        #expect(!terminal.output[unknown.upperBound...].contains("Issues ·"), "one line, not the list again")
        #expect(await issues.all.last?.state == .open)
    }

    /// Mistakes at the list's prompt take one line each; the page on the screen stays.
    @Test func listMistakesAreOneLineAndTheListIsNotDrawnAgain() async throws {
        for index in 1...3 { _ = try await issues.create(try IssueDraft(title: "Issue \(index)"), author: alice) }
        let terminal = await run(["a 999", "f state:opn", "c 999", "q"])
        let firstPage = try #require(terminal.output.range(of: "Issues ·"))
        let rest = terminal.output[firstPage.upperBound...]
        #expect(!rest.contains("Issues ·"), "drawn once:\n\(terminal.output)")
        #expect(rest.contains("! issue #999 does not exist\n"), "\(rest)")
        #expect(rest.contains("unknown state 'opn'") && rest.contains("did you mean open?"), "\(rest)")
        #expect(!rest.contains("Assignees ("), "no picker for a missing issue")
    }

    @Test func thePickerLeftWithQSavesAndSaysWhatChangedUnderTheList() async throws {
        _ = try await issues.create(try IssueDraft(title: "Crash", assignees: [alice]), author: alice)
        let terminal = await run(["a 1", "bob", "1", "2", "q", "q"])
        #expect(await issues.all.first?.assignees == [try Login("bob")])
        let said = try #require(terminal.output.range(of: "Assigned bob to #1"))
        #expect(terminal.output.contains("Unassigned alice from #1"))
        let listAgain = try #require(terminal.output.range(of: "Issues ·", options: .backwards))
        #expect(listAgain.lowerBound < said.lowerBound, "said under the list drawn again")
    }

    @Test func assignWithALoginTogglesItAtOnce() async throws {
        _ = try await issues.create(try IssueDraft(title: "Crash", assignees: [alice]), author: alice)
        let terminal = await run(["a 1 bob", "a 1 alice", "a 1 BOB", "a 1 nobody", "q"])
        #expect(terminal.output.contains("Assigned bob to #1"))
        #expect(terminal.output.contains("Unassigned alice from #1"))
        #expect(terminal.output.contains("Unassigned bob from #1"), "the same person in any case")
        #expect(terminal.output.contains("! no user 'nobody'"), "\(terminal.output)")
        #expect(await issues.all.first?.assignees == [])
        #expect(!terminal.output.contains("Assignees ("), "no picker opened")
    }

    @Test func aDatabaseFailureOnConfirmKeepsTheDraftAndOffersItBack() async throws {
        let terminal = ScriptedTerminal(script: ["n", "Kept title", "kept body", ".", "n", "y"])
        await issues.failNextCreate(with: .databaseUnavailable("the database is down"))
        #expect(await screens(on: terminal).issueList().start() == .quit)
        #expect(terminal.output.contains("Your draft is saved"))
        #expect(try drafts.load(.newIssue) == SavedDraft(title: "Kept title", body: "kept body", assignees: []))

        let next = await run(["y", "y", "q"])
        #expect(next.output.contains("was not saved: \"Kept title\""))
        #expect(await issues.all.map(\.title) == ["Kept title"])
        #expect(try drafts.load(.newIssue) == nil)
    }

    @Test func aFinishedChildIsRemovedByIdentityAndFreed() async throws {
        let terminal = ScriptedTerminal(script: ["Title", ".", "y", "1", "done", "y"])
        let list = screens(on: ScriptedTerminal()).issueList()
        weak var weakCreator: IssueCreatorCoordinator?
        weak var weakViewModel: IssueCreatorViewModel?
        do {
            let creator = screens(on: terminal).issueCreator()
            let other = screens(on: terminal).issueCreator()
            list.childCoordinators = [other]
            weakCreator = creator
            weakViewModel = creator.viewModel
            let outcome = await list.run(creator)
            guard case .created(let issue) = outcome else {
                Issue.record("expected a created issue, got \(outcome)")
                return
            }
            #expect(issue.title == "Title")
            #expect(list.childCoordinators.count == 1)
            #expect(list.childCoordinators.first === other, "the other child of the same type stays")
            #expect(creator.childCoordinators.isEmpty, "the assignee child was removed too")
            list.childCoordinators = []
        }
        #expect(weakCreator == nil)
        #expect(weakViewModel == nil)
        #expect(await issues.all.first?.assignees == [alice])
    }

    @Test(arguments: [[":q"], ["Title", ":q"], ["Title", ".", "n", "n"], ["Title", "."]])
    func aCancelledCreatorHandsBackCancelled(_ script: [String]) async {
        let creator = screens(on: ScriptedTerminal(script: script)).issueCreator()
        #expect(await creator.start() == .cancelled)
        #expect(await issues.all.isEmpty)
    }

    @Test func aCreatorTheDatabaseFailsHandsBackTheKeptDraft() async throws {
        await issues.failNextCreate(with: .databaseUnavailable("the database is down"))
        let creator = screens(on: ScriptedTerminal(script: ["Kept", "body", ".", "n", "y"])).issueCreator()
        let draft = SavedDraft(title: "Kept", body: "body", assignees: [])
        #expect(await creator.start() == .notCreated(.databaseUnavailable("the database is down"), draft, .saved))
        #expect(try drafts.load(.newIssue) == draft)
    }

    @Test func theIssueScreenClosesReopensAndAssignsThenGoesBack() async throws {
        _ = try await issues.create(try IssueDraft(title: "Crash on start"), author: alice)
        let terminal = ScriptedTerminal(script: ["x not-planned", "o", "a", "2", "done", "zzz", "b"])
        let screen = screens(on: terminal).issueDetail(try IssueNumber(1))
        #expect(await screen.start() == .back)
        #expect(screen.childCoordinators.isEmpty)
        #expect(terminal.output.contains("#1 Crash on start"))
        #expect(terminal.output.contains("Closed issue #1 as not planned"))
        #expect(terminal.output.contains("Reopened issue #1"))
        #expect(terminal.output.contains("alice assigned bob"))
        #expect(terminal.output.contains("Unknown command 'zzz'."))
        #expect(terminal.output.contains("Assigned bob to #1"))
        #expect(terminal.prompts.filter { $0 == "#1> " }.count == 5)
        let issue = try #require(await issues.all.first)
        #expect(issue.state == .open)
        #expect(issue.assignees == [try Login("bob")])
    }

    @Test func viewingAnIssueThatDoesNotExistIsOneLineNotTheListAgain() async throws {
        _ = try await issues.create(try IssueDraft(title: "Only one"), author: alice)
        let terminal = await run(["v 999", "q"])
        let after = try #require(terminal.output.range(of: "! issue #999 does not exist\n"))
        #expect(terminal.output[after.upperBound...].isEmpty, "nothing printed after the error line")
        #expect(terminal.prompts == ["tracker> ", "tracker> "])
    }

    @Test func theIssueScreenRefusesAnIssueThatDoesNotExist() async throws {
        let terminal = ScriptedTerminal(script: ["b"])
        let screen = screens(on: terminal).issueDetail(try IssueNumber(7))
        guard case .notShown(.notFound) = await screen.start() else {
            Issue.record("a missing issue must end the screen as not shown")
            return
        }
        #expect(terminal.output.contains("! issue #7 does not exist"))
        #expect(terminal.prompts.isEmpty)
    }

    @Test func theAssigneeScreenHandsBackTheChoiceOrNothing() async throws {
        let chosen = screens(on: ScriptedTerminal(script: ["2", "done"])).assignees(.draft([]))
        #expect(await chosen.start() == .chosen([try Login("bob")]))
        let cancelled = screens(on: ScriptedTerminal(script: ["2", ":q"])).assignees(.draft([]))
        #expect(await cancelled.start() == .cancelled)
        let ended = screens(on: ScriptedTerminal(script: ["2"])).assignees(.draft([]))
        #expect(await ended.start() == .cancelled, "end of input is a cancel")
    }
}
