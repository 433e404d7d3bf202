import Testing
import TrackerCore

/// Labels and milestones an import names on their own (export's `kind` records): created when
/// missing, used as they are when present, even when the file brings no new issue; and read back
/// with the stream for `export`.
@Suite struct StandaloneOrganizationContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func labelsAndMilestonesOnTheirOwnAreCreatedAndStreamedBack(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        _ = try await fixture.labels.create(try Label(name: LabelName("Kept"), color: LabelColor("ffffff")))
        let alone = ImportedLabelsAndMilestones(
            labels: [
                try Label(name: LabelName("unused"), color: LabelColor("123abc"), description: "Nobody's"),
                try Label(name: LabelName("kept"), color: LabelColor("000000")),
            ],
            milestones: [try ImportedMilestone(number: MilestoneNumber(7), title: MilestoneTitle("Later"))])
        let result = try await fixture.issues.importIssues(
            [], alone: alone, actor: fixture.alice, dryRun: false, report: { _ in })
        #expect(result == ImportResult(count: 0, renumbered: []))

        let (labels, milestones) = try await fixture.issues.streamWithOrganization(
            IssueFilter(state: .all, limit: nil)
        ) { _ in }
        #expect(labels.map(\.name.value) == ["Kept", "unused"])
        #expect(labels.map(\.color.hex) == ["ffffff", "123abc"], "an existing label is used as it is")
        #expect(labels.last?.description == "Nobody's")
        #expect(milestones.map(\.number.value) == [7] && milestones.first?.title.value == "Later")
    }
}
