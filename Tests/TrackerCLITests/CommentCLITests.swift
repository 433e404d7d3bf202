import Foundation
import Testing
import TrackerTestSupport

/// `tracker comment` (add, edit, delete) and `show --comments`, through the built binary.
@Suite struct CommentCLITests {
    func json(_ outcome: TrackerProcess.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    func comments(_ tracker: TrackerProcess, _ number: Int) throws -> [[String: Any]] {
        try #require(
            try json(try tracker.run(["show", "\(number)", "--json", "comments"]))["comments"] as? [[String: Any]])
    }

    @Test func commentsAreAddedEditedDeletedAndShown() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let first = try tracker.run(["comment", "1", "--body", "Happens to me too, @alice"])
        #expect(first.status == 0 && first.stdout == "Commented on issue #1 (comment 1)\n", "\(first.stderr)")
        #expect(try tracker.run(["comment", "add", "1", "--body-file", "-"], stdin: "Line one\nLine two").status == 0)
        let asJSON = try json(try tracker.run(["comment", "1", "--body", "Third", "--json", "--as", "bob"]))
        #expect(asJSON["id"] as? Int == 3 && asJSON["body"] as? String == "Third")
        #expect((asJSON["author"] as? [String: String])?["login"] == "bob")
        #expect(asJSON["createdAt"] is String && asJSON["updatedAt"] is String)

        let folded = try tracker.run(["show", "1"]).stdout
        #expect(folded.contains("3 comments (tracker show 1 --comments)"))
        #expect(!folded.contains("Line two"))
        let expanded = try tracker.run(["show", "1", "--comments"]).stdout.split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        let start = try #require(expanded.firstIndex(of: "Comments (3)"))
        #expect(
            Array(expanded[(start + 1)...]) == [
                "", "tester commented just now (comment 1)", "  Happens to me too, @alice",
                "", "tester commented just now (comment 2)", "  Line one", "  Line two",
                "", "bob commented just now (comment 3)", "  Third", "",
            ])

        #expect(
            try tracker.run(["comment", "edit", "1", "--body", "Happens here too"]).stdout
                == "Edited comment 1 on issue #1\n")
        #expect(try tracker.run(["comment", "delete", "2"]).stdout == "Deleted comment 2 on issue #1\n")
        let after = try tracker.run(["show", "1", "--comments"]).stdout
        #expect(after.contains("tester commented just now (comment 1, edited)\n  Happens here too\n"))
        #expect(!after.contains("Line one") && after.contains("Comments (2)"))
        #expect(after.contains("  just now: tester edited comment 1"))
        #expect(after.contains("  just now: tester deleted comment 2"), "a deleted comment leaves its timeline line")

        let shown = try json(try tracker.run(["show", "1", "--json"]))
        #expect(Set(shown.keys).isSuperset(of: ["comments", "events", "title", "body"]))
        let listed = try #require(shown["comments"] as? [[String: Any]])
        #expect(listed.compactMap { $0["id"] as? Int } == [1, 3])
        let kinds = (shown["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds == ["created", "commented", "commented", "commented", "comment_edited", "comment_deleted"])
        let deleted = try #require((shown["events"] as? [[String: Any]])?.last)
        #expect(deleted["commentId"] as? Int == 2)
    }

    /// A comment is its author's to change (with write); a moderator (maintain) may change anyone's.
    @Test func onlyTheAuthorOrAModeratorEditsOrDeletesAComment() async throws {
        let team = try await TeamServer.shared.database(publicWritable: false)
        try team.prepareTeam()
        let alice = team.tracker(as: "alice")
        #expect(try alice.run(["create", "-t", "Ours"]).status == 0)
        #expect(try alice.run(["comment", "1", "--body", "Alice's words"]).status == 0)
        for role in ["bob", "carol"] {
            for words in [["comment", "edit", "1", "--body", "Mine now"], ["comment", "delete", "1"]] {
                let refused = try team.tracker(as: role).run(words)
                #expect(refused.status == 77, "\(role) \(words)")
                #expect(refused.stderr.contains("alice's comment needs maintain"), "\(refused.stderr)")
                #expect(refused.stderr.split(separator: "\n").count == 1)
            }
        }
        for words in [["comment", "edit", "9", "--body", "Nobody's"], ["comment", "delete", "9"]] {
            let missing = try alice.run(words)
            #expect(missing.status == 65 && missing.stderr.contains("comment 9 does not exist"), "\(missing.stderr)")
        }
        #expect(try comments(alice, 1).compactMap { $0["body"] as? String } == ["Alice's words"])
        #expect(try team.tracker(as: "dana").run(["comment", "edit", "1", "--body", "Moderated"]).status == 0)
        #expect(try comments(alice, 1).compactMap { $0["body"] as? String } == ["Moderated"])
        #expect(try alice.run(["comment", "delete", "1"]).status == 0)
        #expect(try comments(alice, 1).isEmpty)
    }

    @Test func aCommentThatCannotBePostedIsKeptAndRecovered() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let lost = try tracker.run(["comment", "4", "--body", "Written before #4 existed"])
        #expect(lost.status == 65)
        #expect(lost.stderr.contains("#4 does not exist"), "\(lost.stderr)")
        #expect(lost.stderr.contains("your comment is kept: `tracker comment 4 --recover` posts it"))
        #expect(lost.stderr.split(separator: "\n").count == 1)
        try tracker.run(["create", "--title", "Fourth"])
        let posted = try tracker.run(["comment", "4", "--recover"])
        #expect(posted.stdout == "Commented on issue #4 (comment 1)\n", "\(posted.stderr)")
        #expect(try comments(tracker, 4).compactMap { $0["body"] as? String } == ["Written before #4 existed"])
        let none = try tracker.run(["comment", "4", "--recover"])
        #expect(none.status == 65 && none.stderr.contains("no kept comment on issue #4"))
    }

    @Test(arguments: [
        (["comment", "1", "--body", ""], "cannot be empty"),
        (["comment", "1", "--body", " \n "], "cannot be empty"),
        (["comment", "1", "--body", String(repeating: "c", count: 65_537)], "65536"),
        (["comment", "x", "--body", "hi"], "issue number"),
        (["comment", "edit", "x", "--body", "hi"], "comment id"),
        (["comment", "edit", "0", "--body", "hi"], "comment id"),
        (["comment", "delete", "#1"], "comment id"),
    ])
    func badInputIsOneLineAndWritesNothing(_ arguments: [String], _ mentions: String) async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(mentions) && outcome.stderr.split(separator: "\n").count == 1)
        #expect(try comments(tracker, 1).isEmpty)
    }

    @Test(arguments: [
        ["comment", "1"],
        ["comment", "1", "--body", "a", "--body-file", "-"],
        ["comment", "1", "--recover", "--body", "a"],
        ["comment", "edit", "1"],
        ["comment"],
    ])
    func usageErrorsAreOneLineWith64(_ arguments: [String]) async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 64, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
    }

    @Test func storedEscapesInACommentAreShownInert() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        try tracker.run(["comment", "1", "--body", "evil \u{1B}]0;pwned\u{7} \u{1B}[31mred"])
        let shown = try tracker.run(["show", "1", "--comments"]).stdout
        #expect(shown.contains("  evil ^[]0;pwned^G ^[[31mred"))
        #expect(!shown.contains("\u{1B}"))
    }

    @Test func showWithoutCommentsSaysNothingAboutThem() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        #expect(!(try tracker.run(["show", "1"]).stdout.contains("comment")))
        #expect(try tracker.run(["show", "1", "--comments"]).stdout.contains("No comments yet"))
    }
}
