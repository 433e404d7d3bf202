import Testing
import TrackerCore

/// Imports that can't duplicate, over both repositories: a record whose source (its `url`, else
/// its fingerprint) is already here is skipped before numbers are given, a dry run changes
/// nothing, an export's own addresses are known, and the last import is taken back whole unless
/// one of its issues changed since.
@Suite struct ImportSourcesContractTests {
    static func record(_ number: Int64, _ title: String, url: String? = nil) throws -> ImportedIssue {
        var record = try ImportContractTests.record(number, title, by: "alice", created: "2024-01-02T03:04:05Z")
        record.source = url
        return record
    }

    @Test(arguments: RepositoryKind.allCases)
    func knownRecordsAreSkippedAndADryRunWritesNothing(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["Here"])
        let first = [try Self.record(4, "Four", url: "https://x/4"), try Self.record(5, "Five")]
        #expect(
            try await fixture.issues.importIssues(first, actor: fixture.alice)
                == ImportResult(count: 2, renumbered: [(old: 4, new: 2), (old: 5, new: 3)]))
        let mixed = first + [try Self.record(6, "Six", url: "https://x/6")]
        let dry = try await fixture.issues.importIssues(mixed, actor: fixture.alice, dryRun: true, report: { _ in })
        #expect(dry == ImportResult(count: 1, skipped: 2, renumbered: [(old: 6, new: 4)]))
        #expect(try await fixture.listed(IssueFilter(state: .all, ascending: true, limit: nil)) == [1, 2, 3])
        #expect(
            try await fixture.issues.importIssues(mixed, actor: fixture.alice)
                == ImportResult(count: 1, skipped: 2, renumbered: [(old: 6, new: 4)]))
        var exported = IssueFilter(state: .all, ascending: true, limit: nil)
        exported.includesURL = true
        let urls = try await fixture.issues.list(exported).map(\.url)
        #expect(urls[1] == "https://x/4" && urls[3] == "https://x/6")
        let own = try #require(urls[0])
        #expect(own.hasSuffix("/issues/1") && urls[2]?.hasSuffix("/issues/3") == true)
        var again = try Self.record(1, "Here, exported")
        again.source = own
        #expect(
            try await fixture.issues.importIssues([again], actor: fixture.alice)
                == ImportResult(count: 0, skipped: 1, renumbered: []), "its own export is known")
    }

    @Test(arguments: RepositoryKind.allCases)
    func theLastImportIsTakenBackUnlessItChanged(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["Here"])
        _ = try await fixture.issues.importIssues([try Self.record(4, "Four")], actor: fixture.alice)
        _ = try await fixture.issues.importIssues([try Self.record(5, "Five")], actor: fixture.alice)
        let undone = try await fixture.issues.undoLastImport(actor: fixture.alice)
        #expect(undone.removed == 1 && undone.importer == fixture.alice)
        #expect(try await fixture.listed(IssueFilter(state: .all, ascending: true, limit: nil)) == [1, 2])
        _ = try await fixture.issues.close(try fixture.number(2), reason: .completed, actor: fixture.alice)
        await #expect(throws: TrackerError.self) { try await fixture.issues.undoLastImport(actor: fixture.alice) }
        #expect(try await fixture.listed(IssueFilter(state: .all, ascending: true, limit: nil)) == [1, 2])
    }
}
