import Testing
import TrackerCore

/// gh's qualifiers become the filters they name; only the other words are searched, and a word
/// shaped like an unknown qualifier is refused rather than searched.
@Suite struct SearchQualifiersTests {
    let me: Login

    init() throws {
        me = try Login("alice")
    }

    func applied(_ search: String) throws -> IssueFilter {
        try SearchQualifiers.applied(to: IssueFilter(search: search), me: me)
    }

    @Test func qualifiersBecomeFiltersAndTheRestIsSearched() throws {
        let filter = try applied(#"is:closed label:bug label:"good first issue" assignee:@me crash "on start""#)
        #expect(filter.state == .closed)
        #expect(filter.labels == [try LabelName("bug"), try LabelName("good first issue")])
        #expect(filter.assignee == .user(me))
        #expect(filter.search == #"crash "on start""#)
        #expect(filter.narrowsBeyondState)
    }

    @Test func peopleMilestonesNoAndSort() throws {
        let filter = try applied("author:@bob mentions:carol milestone:v1.0 sort:updated-asc state:all")
        let bob = try Login("bob")
        let carol = try Login("carol")
        #expect(filter.author == bob && filter.mention == carol)
        #expect(filter.milestone == .titled(try MilestoneTitle("v1.0")))
        #expect(filter.sort == .updated && filter.ascending && filter.state == .all)
        #expect(filter.search == nil, "nothing left to search")
        let none = try applied("no:assignee no:milestone")
        #expect(none.assignee == .nobody && none.milestone == .noMilestone)
    }

    @Test func labelsLeftOutNoLabelAndDateRanges() throws {
        let filter = try applied("-label:wontfix no:label created:>=2026-01-01 updated:2026-02-01..2026-02-28")
        #expect(filter.excludedLabels == [try LabelName("wontfix")] && filter.unlabeled)
        let day = { (text: String) throws -> Timestamp? in Timestamp(iso8601: text + "T00:00:00Z") }
        #expect(filter.created == TimeRange(from: try day("2026-01-01")))
        #expect(filter.updated == TimeRange(from: try day("2026-02-01"), before: try day("2026-03-01")))
        #expect(try applied("created:>2026-01-01").created == TimeRange(from: try day("2026-01-02")))
        #expect(try applied("created:<=2026-01-01").created == TimeRange(before: try day("2026-01-02")))
        #expect(try applied("created:<2026-01-01").created == TimeRange(before: try day("2026-01-01")))
        #expect(
            try applied("created:2026-01-01").created
                == TimeRange(from: try day("2026-01-01"), before: try day("2026-01-02")))
    }

    @Test(arguments: ["lable:bug", "is:pr", "no:thing", "created:soon", "created:>=2026-13-01", "sort:comments"])
    func anUnknownOrUnkeptQualifierIsRefusedNotSearched(_ search: String) {
        #expect(throws: TrackerError.self) { try applied(search) }
    }

    @Test func addressesQuotedQualifiersAndPlainWordsAreText() throws {
        let filter = try applied(#"https://example.com/x "label:bug" error: crash"#)
        #expect(filter.search == #"https://example.com/x "label:bug" error: crash"#)
        #expect(filter.labels.isEmpty && filter.state == .open)
    }

    @Test func meWithoutAUserIsRefused() {
        #expect(throws: TrackerError.self) {
            try SearchQualifiers.applied(to: IssueFilter(search: "assignee:@me"), me: nil)
        }
    }
}
