import Testing
import TrackerCore

/// `HistoryRepository`'s versions: every text an issue or a comment had, with who and when; the
/// search sees only the current one.
@Suite struct HistoryContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func everyEditKeepsTheTextItReplacedWithWhoWroteIt(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let one = try fixture.number(1)
        let bob = try fixture.login("Bob")
        _ = try await fixture.issues.edit([one], try IssueEdit(body: "zebra crossing"), read: nil, actor: fixture.alice)
        _ = try await fixture.issues.edit(
            [one], try IssueEdit(title: "Uno", body: "yak shaving"), read: nil, actor: bob)
        _ = try await fixture.issues.edit([one], try IssueEdit(title: "Uno"), read: nil, actor: bob)
        let history = try await fixture.history.textHistory(of: one)
        #expect(history.versions.map(\.version) == [1, 2, 3])
        #expect(history.versions.map(\.title) == ["One", "One", "Uno"])
        #expect(history.versions.map(\.body) == ["", "zebra crossing", "yak shaving"])
        #expect(history.versions.map(\.author.value) == ["alice", "alice", "Bob"])
        let times = history.versions.map(\.writtenAt)
        #expect(times == times.sorted() && Set(times).count == 3)
        #expect(history.firstKept == nil)
        let current = try await fixture.issue(1)
        #expect(history.current?.body == current.body && history.current?.version == current.version)
        #expect(try history.change(to: 2).before?.body == "")
        #expect(try await fixture.listed(IssueFilter(search: "zebra")) == [], "only the current text is searched")
        #expect(try await fixture.listed(IssueFilter(search: "yak")) == [1])
        await #expect(throws: TrackerError.notFound("issue #99 does not exist")) {
            try await fixture.history.textHistory(of: try fixture.number(99))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aCommentKeepsItsVersionsInTheTrashToo(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let carol = try fixture.login("carol")
        let comment = try await fixture.comments.add("first words", to: try fixture.number(2), author: carol)
        _ = try await fixture.comments.edit(comment.id, body: "second words", actor: carol)
        _ = try await fixture.comments.edit(comment.id, body: "moderated", actor: fixture.alice)
        _ = try await fixture.comments.delete(comment.id, actor: carol)
        let history = try await fixture.history.commentHistory(of: comment.id)
        #expect(history.versions.map(\.version) == [1, 2, 3])
        #expect(history.versions.map(\.body) == ["first words", "second words", "moderated"])
        #expect(history.versions.map(\.author.value) == ["carol", "carol", "alice"])
        #expect(history.versions.allSatisfy { $0.title == nil })
    }
}
