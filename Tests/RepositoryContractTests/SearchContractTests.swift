import Testing
import TrackerCore
import TrackerTestSupport

/// `list --search` in any script, ignoring case and accents, with gh's syntax: phrases, `-word`
/// and `OR`. English stemming is PostgreSQL's alone (LifecycleRepositoryTests).
@Suite struct SearchContractTests {
    /// Issues 4–9 beside the fixture's 1–3; #8 has a comment that mentions a crash, #9 one
    /// about the login button.
    static func fixture(_ kind: RepositoryKind) async throws -> ContractFixture {
        let fixture = try await ContractFixture.make(kind)
        for (title, body) in SearchSamples.texts {
            _ = try await fixture.issues.create(try IssueDraft(title: title, body: body), author: fixture.alice)
        }
        _ = try await fixture.comments.add("Seen a crash once", to: try fixture.number(8), author: fixture.alice)
        _ = try await fixture.comments.add("The login button is grey", to: try fixture.number(9), author: fixture.alice)
        return fixture
    }

    func found(_ search: String, in fixture: ContractFixture) async throws -> [Int64] {
        try await fixture.listed(IssueFilter(search: search))
    }

    @Test(arguments: RepositoryKind.allCases)
    func japaneseIsFoundByAnyPartOfARunWithoutSpaces(_ kind: RepositoryKind) async throws {
        let fixture = try await Self.fixture(kind)
        #expect(try await found("ログイン", in: fixture) == [4], "the start of ログイン失敗")
        #expect(try await found("イン失", in: fixture) == [4], "the middle")
        #expect(try await found("失敗", in: fixture) == [4], "the end")
        #expect(try await found("失", in: fixture) == [4], "one character")
        #expect(try await found("敗", in: fixture) == [4], "the last character")
        #expect(try await found("空のとき", in: fixture) == [4], "the body")
        #expect(try await found("ﾛｸﾞｲﾝ", in: fixture) == [4], "half-width kana")
        #expect(try await found("ログアウト", in: fixture).isEmpty)
        #expect(try await found("ログ失敗", in: fixture).isEmpty, "characters in a row, not anywhere")
    }

    @Test(arguments: RepositoryKind.allCases)
    func cyrillicAndAccentsMatchIgnoringCase(_ kind: RepositoryKind) async throws {
        let fixture = try await Self.fixture(kind)
        #expect(try await found("ОШИБКА", in: fixture) == [6], "Cyrillic, in another case")
        #expect(try await found("входа систему", in: fixture) == [6])
        #expect(try await found("cafe", in: fixture) == [6, 5], "cafe finds Café")
        #expect(try await found("CAFÉ", in: fixture) == [6, 5], "CAFÉ finds CAFE")
        #expect(try await found("creme brulee", in: fixture) == [5])
        #expect(try await found("brûlée", in: fixture) == [5])
    }

    @Test(arguments: RepositoryKind.allCases)
    func phrasesExclusionsAndOr(_ kind: RepositoryKind) async throws {
        let fixture = try await Self.fixture(kind)
        #expect(try await found("\"login fails\"", in: fixture) == [7])
        #expect(try await found("\"fails login\"", in: fixture).isEmpty, "a phrase keeps its order")
        #expect(try await found("fails login", in: fixture) == [7], "words in any order")
        #expect(try await found("login", in: fixture) == [9, 8, 7])
        #expect(try await found("login -crash", in: fixture) == [9], "#7's body and #8's comment mention a crash")
        #expect(try await found("login -\"crash once\"", in: fixture) == [9, 7])
        #expect(try await found("-crash", in: fixture) == [9, 6, 5, 4, 3, 2, 1])
        #expect(try await found("signin OR ログイン", in: fixture) == [9, 4])
        #expect(try await found("works OR fails login", in: fixture) == [8, 7], "OR binds its neighbours first")
        #expect(try await found("signin or ログイン", in: fixture).isEmpty, "only OR in capitals joins")
    }

    @Test(arguments: RepositoryKind.allCases)
    func commentsMatchOnTheirOwn(_ kind: RepositoryKind) async throws {
        let fixture = try await Self.fixture(kind)
        #expect(try await found("grey button", in: fixture) == [9], "every word in one comment")
        #expect(try await found("signin grey", in: fixture).isEmpty, "not some in the title, some in a comment")
        #expect(try await found("\"seen a crash\"", in: fixture) == [8])
    }

    @Test(arguments: RepositoryKind.allCases)
    func termsWithoutWordsAndLoneOperatorsAreIgnoredAndSaidSo(_ kind: RepositoryKind) async throws {
        let fixture = try await Self.fixture(kind)
        let long = String(repeating: "a", count: 2048)
        #expect(try await fixture.issues.ignoredSearchWords(in: "login !!! OR") == ["OR", "!!!"])
        #expect(try await fixture.issues.ignoredSearchWords(in: "crash \(long)") == [long])
        #expect(try await fixture.issues.ignoredSearchWords(in: "the ログイン -café \"a b\"").isEmpty)
        #expect(try await found("login !!!", in: fixture) == [9, 8, 7], "what is left is searched")
        #expect(try await found("!!!", in: fixture).isEmpty, "a search with nothing left finds nothing")
        #expect(try await found("\"\"", in: fixture).isEmpty)
    }
}
