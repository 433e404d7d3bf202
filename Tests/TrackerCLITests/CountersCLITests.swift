import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Milestone numbers and comment ids: a refused import moves no counter, and what an import keeps
/// always leaves room to create more.
@Suite struct CountersCLITests {
    static func record(number: Int, milestone: String, comments: String = "[]") -> String {
        """
        {"number": \(number), "title": "Imported \(number)", "body": "", "state": "OPEN", "author": {"login": "tester"},
         "assignees": [], "labels": [], "milestone": \(milestone), "comments": \(comments),
         "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"}
        """
    }

    /// The import keeps milestone 2147483647 and takes new comment ids, then is refused at its
    /// last step (a trigger the test puts on comments): nothing is left of it, and the next
    /// milestone and comment are the first.
    @Test func aRefusedImportMovesNoCounter() async throws {
        let settings = try await TestPostgres.shared.freshDatabase()
        let tracker = TrackerProcess(databaseSettings: settings)
        #expect(try tracker.run(["users", "add", "tester"]).status == 0)
        try Connection(settings: settings).execute(
            """
            CREATE FUNCTION refuse_comments() RETURNS trigger LANGUAGE plpgsql
                AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
            CREATE TRIGGER refuse_comments BEFORE INSERT ON all_issue_comments
                FOR EACH STATEMENT EXECUTE FUNCTION refuse_comments();
            """)
        let comment = #"[{"author": {"login": "tester"}, "body": "old", "createdAt": "2026-01-01T00:00:00Z"}]"#
        let file =
            "[" + Self.record(number: 5, milestone: #"{"number": 2147483647, "title": "v9"}"#, comments: comment) + "]"
        let refused = try tracker.run(["import", "-"], stdin: file)
        #expect(refused.status != 0 && refused.stderr.contains("refused by the test"), "\(refused.stderr)")
        try Connection(settings: settings).execute("DROP TRIGGER refuse_comments ON all_issue_comments")

        let created = try tracker.run(["milestone", "create", "v1"])
        #expect(created.stdout == "Created milestone 'v1' (#1)\n", "\(created.stderr)")
        #expect(try tracker.run(["create", "-t", "New"]).status == 0)
        let commented = try tracker.run(["comment", "1", "--body", "first"])
        #expect(commented.stdout == "Commented on issue #1 (comment 1)\n", "\(commented.stderr)")
    }

    /// Milestone 2147483646 kept by an import: the next two created are 2147483647 and 2147483648.
    @Test func anImportedMilestoneNumberLeavesRoomToCreateMore() async throws {
        let tracker = try await CLITests.tracker()
        let file = "[" + Self.record(number: 1, milestone: #"{"number": 2147483646, "title": "v9"}"#) + "]"
        #expect(try tracker.run(["import", "-"], stdin: file).status == 0)
        for (title, number) in [("v10", "2147483647"), ("v11", "2147483648")] {
            let created = try tracker.run(["milestone", "create", title])
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.stdout == "Created milestone '\(title)' (#\(number))\n")
        }
        let list = try tracker.run(["milestone", "list", "--json"])
        #expect(list.stdout.contains("2147483646") && list.stdout.contains("2147483648"))
    }

    /// A comment id of 2^53 − 1 in an export is not kept (only ids up to 2^31 − 1 are), so new
    /// comments still have room; an id that is kept moves the counter past it.
    @Test func importedCommentIdsLeaveRoomForNewComments() async throws {
        let top = try await CLITests.tracker()
        let huge =
            #"[{"id": 9007199254740991, "author": {"login": "tester"}, "body": "old", "createdAt": "2026-01-01T00:00:00Z"}]"#
        #expect(
            try top.run(["import", "-"], stdin: "[" + Self.record(number: 1, milestone: "null", comments: huge) + "]")
                .status == 0)
        let commented = try top.run(["comment", "1", "--body", "new"])
        #expect(commented.status == 0, "\(commented.stderr)")
        #expect(commented.stdout == "Commented on issue #1 (comment 2)\n")

        let kept = try await CLITests.tracker()
        let high =
            #"[{"id": 2147483647, "author": {"login": "tester"}, "body": "old", "createdAt": "2026-01-01T00:00:00Z"}]"#
        #expect(
            try kept.run(["import", "-"], stdin: "[" + Self.record(number: 1, milestone: "null", comments: high) + "]")
                .status == 0)
        #expect(
            try kept.run(["comment", "1", "--body", "new"]).stdout == "Commented on issue #1 (comment 2147483648)\n")
    }
}
