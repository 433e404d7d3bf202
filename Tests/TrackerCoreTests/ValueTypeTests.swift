import Testing
import TrackerCore

@Suite struct LoginTests {
    @Test(arguments: ["a", "alice", "Alice-Liddell", "a1-b2-c3", String(repeating: "x", count: 39)])
    func acceptsWellFormedLogins(_ text: String) throws {
        #expect(try Login(text).value == text)
    }

    @Test(arguments: [
        "", "1alice", "-alice", "alice-", "al--ice", "al ice", "ali_ce", "al.ice", "élise",
        String(repeating: "x", count: 40), "a\u{0}",
    ])
    func refusesMalformedLogins(_ text: String) {
        #expect(throws: TrackerError.self) { try Login(text) }
    }

    @Test func loginsMatchIgnoringCase() throws {
        #expect(try Login("Alice") == Login("alice"))
        #expect(Set([try Login("Alice"), try Login("ALICE")]).count == 1)
        #expect(try Login("Alice").value == "Alice")
    }
}

@Suite struct IssueNumberTests {
    @Test func parsesPlainAndHashNumbers() throws {
        #expect(try IssueNumber(parsing: "12").value == 12)
        #expect(try IssueNumber(parsing: "#12").value == 12)
        #expect(try IssueNumber(parsing: "12").description == "#12")
    }

    @Test(arguments: ["0", "-1", "abc", "", "#", "1.5", "٣", "99999999999999999999"])
    func refusesWhatIsNotAPositiveWholeNumber(_ text: String) {
        #expect(throws: TrackerError.self) { try IssueNumber(parsing: text) }
    }
}

@Suite struct StateFilterTests {
    @Test func parsesKnownStatesIgnoringCase() throws {
        #expect(try StateFilter(parsing: "Closed") == .closed)
        #expect(try StateFilter(parsing: "CLOSED") == .closed, "gh prints states in capitals")
        #expect(
            throws: TrackerError.unknownChoice(
                field: "state", value: "done", suggestions: [], choices: ["open", "closed", "all"])
        ) {
            try StateFilter(parsing: "done")
        }
        #expect(
            throws: TrackerError.unknownChoice(
                field: "state", value: "opn", suggestions: ["open"], choices: ["open", "closed", "all"])
        ) {
            try StateFilter(parsing: "opn")
        }
    }

    @Test func anUnknownChoiceSaysTheClosestOrAllOfThem() {
        let close = TrackerError.unknownChoice(
            field: "state", value: "opn", suggestions: ["open"], choices: ["open", "closed", "all"])
        #expect("\(close)" == "unknown state 'opn'; did you mean open?")
        let none = TrackerError.unknownChoice(
            field: "state", value: "done", suggestions: [], choices: ["open", "closed", "all"])
        #expect("\(none)" == "unknown state 'done': use open, closed or all")
    }

    @Test(arguments: ["not-planned", "not_planned", "not planned", "Not Planned", "NOT_PLANNED", " not-planned "])
    func closeReasonsAcceptGhsSpellings(_ text: String) throws {
        #expect(try StateReason(closeReason: text) == .notPlanned)
    }

    @Test func sortsAreReadInAnyCase() throws {
        #expect(try IssueSort(parsing: "UPDATED") == .updated)
        #expect(throws: TrackerError.self) { try IssueSort(parsing: "newest") }
    }
}

@Suite struct NameSuggestionTests {
    @Test func aSwapOfNeighboursIsOneEdit() {
        #expect(NameSuggestions.rank("lsit", among: ["edit", "list", "label"], limit: 1) == ["list"])
        #expect(NameSuggestions.rank("alcie", among: ["alice", "carol"], limit: 3) == ["alice"])
    }
}
