import Foundation
import Testing
import TrackerTestSupport

/// What the server says in passing (NOTICE) never lands on a person's stderr.
@Suite struct NoticeCLITests {
    @Test func migratingTwiceIsQuiet() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.emptyDatabase())
        for _ in 0..<2 {
            let migrated = try tracker.run(["migrate"])
            #expect(migrated.status == 0)
            #expect(migrated.stderr.isEmpty, "\(migrated.stderr)")
        }
    }

    /// Stop words are searched like other words (`the` finds "The first issue"); a word too long
    /// to index, a term without a word and an OR that joins nothing are left out and named in
    /// one line. PostgreSQL's NOTICEs about such queries never show.
    @Test(arguments: [
        ("the", "", true),
        ("first issue", "", true),
        ("first !!!", "note: search words ignored: !!!\n", true),
        ("first OR", "note: search words ignored: OR\n", true),
        ("!!!", "note: search words ignored: !!!\n", false),
        (
            String(repeating: "a", count: 2048),
            "note: search words ignored: aaaaaaaaaaaaaaaaaaaa… (2048 characters)\n", false
        ),
    ])
    func searchingForAHugeWordOrNoWordGivesAShortNoteNotANotice(
        _ search: String, _ note: String, _ finds: Bool
    )
        async throws
    {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "The first issue"])
        let listed = try tracker.run(["list", "--search", search])
        #expect(listed.status == 0)
        #expect(listed.stderr == note, "\(listed.stderr)")
        let json = try tracker.run(["list", "--search", search, "--json", "number"])
        #expect(json.stderr == note, "the note stays off stdout, so JSON stays JSON")
        #expect(json.stdout.contains("\"number\"") == finds, "\(json.stdout)")
    }
}
