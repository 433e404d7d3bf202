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
        ("-!!!", "note: search words ignored: !!!\n", false),
        ("\"\"", "note: search words ignored: \"\"\n", false),
        ("first -!!!", "note: search words ignored: !!!\n", true),
        ("-nothing", "", true),
        (
            String(repeating: "ж", count: 1024),
            "note: search words ignored: жжжжжжжжжжжжжжжжжжжж… (1024 characters)\n", false
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

/// A search longer than PostgreSQL's query can hold is refused before the server sees it, on the
/// command line and on the list screen.
@Suite struct SearchLimitCLITests {
    @Test func aSearchOverTheLimitIsOneLineAndNoQuery() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "The first issue"])
        let words = (0..<4_000).map { "w\($0)" }.joined(separator: " ")
        let refused = try tracker.run(["list", "--search", words])
        #expect(refused.status == 65)
        #expect(refused.stderr.hasPrefix("tracker: invalid search: is 22889 characters, the limit is 1024"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        let screen = try tracker.run([], stdin: "/ \(words)\nq\n")
        #expect(screen.status == 0, "\(screen.stderr)")
        #expect(screen.stdout.contains("invalid search: is 22889 characters"), "\(screen.stdout)")
        #expect(!screen.stdout.contains("connection"), "the session stays")
    }
}
