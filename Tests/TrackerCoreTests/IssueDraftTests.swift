import Testing
import TrackerCore

@Suite struct IssueDraftTests {
    @Test func trimsTheTitleAndKeepsTheBody() throws {
        let draft = try IssueDraft(title: "  Login fails \n", body: "  Steps:\n\t1. open\n")
        #expect(draft.title == "Login fails")
        #expect(draft.body == "  Steps:\n\t1. open\n")
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func refusesAnEmptyTitle(_ title: String) {
        #expect(throws: TrackerError.self) { try IssueDraft(title: title) }
        do {
            _ = try IssueDraft(title: title)
        } catch {
            #expect(error.description.contains("title"))
            #expect(error.description.contains("empty"))
        }
    }

    @Test func acceptsA256CharacterTitleAndRefuses257() throws {
        #expect(try IssueDraft(title: String(repeating: "é", count: 256)).title.count == 256)
        #expect(
            throws: TrackerError.invalidInput(
                field: "title", rule: "is 257 characters, the limit is 256; shorten it")
        ) {
            try IssueDraft(title: String(repeating: "a", count: 257))
        }
    }

    @Test(arguments: ["red \u{1B}[31mtext", "bell\u{7}", "tab\tinside", "c1\u{9B}2J", "del\u{7F}"])
    func refusesControlCharactersAndEscapesInTheTitle(_ title: String) {
        #expect {
            try IssueDraft(title: title)
        } throws: { error in
            (error as? TrackerError)?.description.contains("control characters") ?? false
        }
    }

    @Test func refusesNulBytes() {
        #expect(throws: TrackerError.invalidInput(field: "title", rule: "contains a NUL byte")) {
            try IssueDraft(title: "a\u{0}b")
        }
        #expect(throws: TrackerError.invalidInput(field: "body", rule: "contains a NUL byte")) {
            try IssueDraft(title: "ok", body: "a\u{0}b")
        }
    }

    @Test func bodyLimitIs65536Characters() throws {
        #expect(try IssueDraft(title: "t", body: String(repeating: "b", count: 65_536)).body.count == 65_536)
        #expect(throws: TrackerError.self) {
            try IssueDraft(title: "t", body: String(repeating: "b", count: 65_537))
        }
    }

    @Test func lengthsCountUnicodeScalarsAsPostgresDoes() {
        // 200 "e" + combining accent pairs: 200 characters, 400 scalars (PostgreSQL's char_length).
        let combining = String(repeating: "e\u{301}", count: 200)
        #expect(combining.count == 200)
        #expect(throws: TrackerError.self) { try IssueDraft(title: combining) }
    }
}
