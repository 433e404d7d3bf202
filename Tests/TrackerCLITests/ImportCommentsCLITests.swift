import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// gh's `comments` array imports and exports with authors and times; a round trip is
/// byte-identical, and comments are searchable and listed as gh's field.
@Suite struct ImportCommentsCLITests {
    static let ghJSON = """
        [{"number": 3, "title": "Login fails", "body": "cc @dana", "state": "OPEN",
          "author": {"login": "alice"}, "assignees": [],
          "createdAt": "2024-05-01T10:00:00Z", "updatedAt": "2024-05-02T10:00:00Z", "closedAt": null,
          "comments": [
            {"id": "IC_kwDOAbc123", "author": {"login": "bob"}, "authorAssociation": "MEMBER",
             "body": "Reproduced: the token expires", "createdAt": "2024-05-01T11:00:00Z",
             "includesCreatedEdit": false, "isMinimized": false, "minimizedReason": "", "reactionGroups": [],
             "url": "https://github.com/o/r/issues/3#issuecomment-1", "viewerDidAuthor": false},
            {"id": "IC_kwDOAbc124", "author": {"login": "dana"}, "body": "Fix is in, @BOB please check",
             "createdAt": "2024-05-02T10:00:00Z", "updatedAt": "2024-05-02T10:30:00.5Z"}
          ]}]
        """

    func exported(_ tracker: TrackerProcess) throws -> [[String: Any]] {
        let outcome = try tracker.run(["export"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
    }

    @Test func ghCommentsImportExportAndRoundTripByteForByte() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let imported = try tracker.run(["import", "-"], stdin: Self.ghJSON)
        #expect(imported.status == 0, "\(imported.stderr)")
        let issue = try #require(try exported(tracker).first)
        let comments = try #require(issue["comments"] as? [[String: Any]])
        #expect(comments.map { ($0["author"] as? [String: String])?["login"] } == ["bob", "dana"])
        #expect(comments.map { $0["createdAt"] as? String } == ["2024-05-01T11:00:00Z", "2024-05-02T10:00:00Z"])
        #expect(comments.map { $0["updatedAt"] as? String } == ["2024-05-01T11:00:00Z", "2024-05-02T10:30:00.500000Z"])
        #expect(comments.allSatisfy { ($0["id"] as? Int).map { $0 > 0 } ?? false }, "gh's ids become ours")
        #expect(Set(comments[0].keys) == ["id", "author", "body", "createdAt", "updatedAt"])

        let text = try tracker.run(["export"]).stdout
        let copy = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try copy.run(["import", "-"], stdin: text).status == 0)
        #expect(try copy.run(["export"]).stdout == text, "export → import → export is byte-identical")

        let mentioning = try copy.run(["list", "--search", "token expires", "--json", "number,comments"])
        #expect(mentioning.status == 0, "\(mentioning.stderr)")
        let listed = try JSONSerialization.jsonObject(with: Data(mentioning.stdout.utf8)) as? [[String: Any]]
        #expect(listed?.map { $0["number"] as? Int } == [3], "search matches comment text")
        #expect((listed?.first?["comments"] as? [[String: Any]])?.count == 2)
    }

    @Test func aBadCommentNamesItsRecordAndItemAndNothingIsWritten() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let blank = Self.ghJSON.replacingOccurrences(of: "Reproduced: the token expires", with: "   ")
        let outcome = try tracker.run(["import", "-"], stdin: blank)
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("record 1 comments item 1"), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        let count: Int = try Connection(settings: tracker.environment["DATABASE_URL"] ?? "").query(
            "SELECT (SELECT count(*) FROM issues) + (SELECT count(*) FROM users)"
        ).rows[0].decode(0)
        #expect(count == 0)
    }
}
