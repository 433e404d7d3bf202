import Testing
import TrackerCore

/// `LabelRepository`, and labels on issues through `IssueRepository` (create, edit, list, delete).
@Suite struct LabelContractTests {
    func label(_ name: String, _ color: String? = nil, _ description: String = "") throws -> Label {
        try Label(name: try LabelName(name), color: try color.map { try LabelColor($0) }, description: description)
    }

    func names(_ names: String...) throws -> [LabelName] { try names.map { try LabelName($0) } }

    @Test(arguments: RepositoryKind.allCases)
    func labelsAreUniqueIgnoringCaseAndListedByName(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let bug = try await fixture.labels.create(try label("bug", "#D73A4A", "Something isn't working"))
        #expect(bug.color.hex == "d73a4a")
        _ = try await fixture.labels.create(try label("Docs"))
        _ = try await fixture.labels.create(try label("area: ui", "00ff00", "Screens"))
        let taken = TrackerError.invalidInput(
            field: "label name", rule: "'BUG' is already taken (names ignore case); pick another")
        await #expect(throws: taken) { try await fixture.labels.create(try label("BUG")) }
        #expect(try await fixture.labels.list(search: nil).map(\.name.value) == ["area: ui", "bug", "Docs"])
        #expect(try await fixture.labels.list(search: "SCREEN").map(\.name.value) == ["area: ui"], "descriptions too")
        #expect(try await fixture.labels.label(named: try LabelName("DOCS")).name.value == "Docs")
        await #expect(throws: TrackerError.unknownLabel(name: "nope", suggestions: [])) {
            try await fixture.labels.label(named: try LabelName("nope"))
        }
        #expect(try await fixture.labels.suggestions(for: "bgu", limit: 3).map(\.value) == ["bug"])
    }

    @Test(arguments: RepositoryKind.allCases)
    func issuesCarryLabelsWithEventsAndEditsAreAllOrNothing(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        for name in ["bug", "ui", "docs"] { _ = try await fixture.labels.create(try label(name)) }
        let created = try await fixture.issues.create(
            try IssueDraft(title: "Crash", labels: try names("UI", "bug", "ui")), author: fixture.alice)
        #expect(created.labels.map(\.name.value) == ["bug", "ui"], "stored spellings, by name, once each")
        #expect(created.createdAt == created.updatedAt)
        #expect(
            try await fixture.timeline(of: 4) == ["created by alice", "labeled bug by alice", "labeled ui by alice"])

        let before = try await fixture.issue(1)
        let unknown = try IssueEdit(addLabels: try names("docs", "dosc"))
        await #expect(throws: TrackerError.unknownLabel(name: "dosc", suggestions: [])) {
            try await fixture.issues.edit(try fixture.numbers(1, 2), unknown, read: nil, actor: fixture.alice)
        }
        #expect(try await fixture.issue(1) == before, "nothing changed")
        let edit = try IssueEdit(addLabels: try names("docs", "bug"), removeLabels: try names("ui"))
        let edited = try await fixture.issues.edit(try fixture.numbers(1, 4), edit, read: nil, actor: fixture.alice)
        #expect(edited.map { $0.labels.map(\.name.value) } == [["bug", "docs"], ["bug", "docs"]])
        #expect(edited[0].updatedAt > before.updatedAt)
        #expect(try await fixture.timeline(of: 4).suffix(2) == ["unlabeled ui by alice", "labeled docs by alice"])

        let bugs = IssueFilter(labels: try names("bug"))
        #expect(try await fixture.listed(bugs) == [4, 1])
        #expect(try await fixture.listed(IssueFilter(labels: try names("BUG", "docs"))) == [4, 1])
        _ = try await fixture.issues.edit(
            try fixture.numbers(1), try IssueEdit(removeLabels: try names("docs")), read: nil, actor: fixture.alice)
        #expect(try await fixture.listed(IssueFilter(labels: try names("bug", "docs"))) == [4], "all of them")
        await #expect(throws: TrackerError.unknownLabel(name: "feature", suggestions: [])) {
            try await fixture.issues.list(IssueFilter(labels: try names("bug", "feature")))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func editingALabelShowsOnItsIssuesAndDeletingItLeavesTimelineLines(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        _ = try await fixture.labels.create(try label("bug", "d73a4a"))
        _ = try await fixture.labels.create(try label("ui", "0075ca"))
        _ = try await fixture.issues.edit(
            try fixture.numbers(1, 2), try IssueEdit(addLabels: try names("bug")), read: nil, actor: fixture.alice)
        let renamed = try await fixture.labels.edit(
            try LabelName("BUG"), try LabelChange(name: try LabelName("defect"), color: try LabelColor("ff0000")))
        #expect(renamed.name.value == "defect" && renamed.color.hex == "ff0000" && renamed.description.isEmpty)
        #expect(try await fixture.issue(2).labels == [renamed])
        await #expect(
            throws: TrackerError.invalidInput(
                field: "label name", rule: "'UI' is already taken (names ignore case); pick another")
        ) {
            try await fixture.labels.edit(try LabelName("defect"), try LabelChange(name: try LabelName("UI")))
        }
        await #expect(throws: TrackerError.unknownLabel(name: "bug", suggestions: [])) {
            try await fixture.labels.edit(try LabelName("bug"), try LabelChange(description: "gone"))
        }
        let before = try await fixture.issue(1)
        let (deleted, count) = try await fixture.labels.delete(try LabelName("Defect"), actor: try fixture.login("bob"))
        #expect(deleted == renamed && count == 2)
        #expect(try await fixture.issue(1).labels.isEmpty)
        #expect(try await fixture.issue(1).updatedAt > before.updatedAt)
        #expect(try await fixture.timeline(of: 1).last == "unlabeled defect by Bob")
        #expect(try await fixture.timeline(of: 3) == ["created by alice"], "issues without it are untouched")
        #expect(try await fixture.labels.list(search: nil).map(\.name.value) == ["ui"])
    }
}
