import Testing
import TrackerCore

/// The links an import brings, checked whole before anything is written.
@Suite struct ImportLinksTests {
    func records(_ count: Int64) throws -> [ImportedIssue] {
        let day = Timestamp(microseconds: 1_767_225_600_000_000) ?? .now()
        return try (1...count).map { number in
            try ImportedIssue(
                number: number, title: "Issue \(number)", body: "", state: .open, stateReason: nil,
                author: try Login("alice"), assignees: [], createdAt: day, updatedAt: day, closedAt: nil)
        }
    }

    @Test func aChainOfBlockersAsLongAsTheFileIsCheckedWithoutRecursion() throws {
        var chain = try records(200_000)
        for index in 1..<chain.count { chain[index].blockedBy = [Int64(index)] }
        let links = try ImportLinks.of(chain, numbers: chain.map { $0.number ?? 0 })
        #expect(links.blocked.count == 199_999)
        chain[0].blockedBy = [200_000]
        #expect(throws: TrackerError.self) { _ = try ImportLinks.of(chain, numbers: chain.map { $0.number ?? 0 }) }
    }

    @Test func cyclesTwoParentsAndLinksOutsideTheImportAreNamed() throws {
        var three = try records(3)
        three[0].blockedBy = [2]
        three[1].blockedBy = [3]
        three[2].blockedBy = [1]
        let numbers: [Int64] = [11, 12, 13]
        #expect(
            throws: TrackerError.invalidInput(
                field: "import", rule: "a cycle of blockers: #11 → #12 → #13 → #11; nothing was imported")
        ) { _ = try ImportLinks.of(three, numbers: numbers) }
        var parents = try records(3)
        parents[0].parent = 2
        parents[2].subIssues = [1]
        #expect(
            throws: TrackerError.invalidInput(
                field: "import", rule: "issue #11 is given two parents, #12 and #13; nothing was imported")
        ) { _ = try ImportLinks.of(parents, numbers: numbers) }
        var outside = try records(1)
        outside[0].duplicateOf = 7
        #expect(
            throws: TrackerError.invalidInput(
                field: "import",
                rule: "issue #1's original #7 is not among the issues this import adds; nothing was imported")
        ) { _ = try ImportLinks.of(outside, numbers: [1]) }
    }
}
