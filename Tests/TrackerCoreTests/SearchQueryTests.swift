import Testing
import TrackerCore

/// gh's search syntax as `SearchQuery` reads it: words, "phrases", -exclusions and OR.
@Suite struct SearchQueryTests {
    func parsed(_ text: String) -> (required: [[String]], excluded: [String], ignored: [String]) {
        let query = SearchQuery(parsing: text)
        return (query.required, query.excluded, query.ignoredOperators)
    }

    @Test func wordsArePhrasesOfTheirOwnAndQuotesMakeLongerOnes() {
        #expect(parsed("login  crash").required == [["login"], ["crash"]])
        #expect(parsed("\"login fails\" e-mail ログイン失敗").required == [["login fails"], ["e-mail"], ["ログイン失敗"]])
        #expect(parsed("\"unclosed phrase").required == [["unclosed phrase"]], "a phrase runs to the end")
        #expect(parsed("say\"what\"").required == [["say\"what\""]], "a quote inside a word is part of it")
        #expect(
            parsed("\"\" \"  \"").required == [[""], ["  "]],
            "an empty phrase is a term with nothing to search for, left out and named like `!!!`")
    }

    @Test func aMinusAtAWordsStartExcludesIt() {
        #expect(parsed("login -crash -\"null pointer\"").required == [["login"]])
        #expect(parsed("login -crash -\"null pointer\"").excluded == ["crash", "null pointer"])
        #expect(parsed("non-empty - x").required == [["non-empty"], ["-"], ["x"]], "a lone or inner minus is text")
        #expect(parsed("-crash").required.isEmpty && !SearchQuery(parsing: "-crash").isEmpty)
    }

    @Test func orJoinsThePositiveTermsBesideIt() {
        #expect(parsed("login OR signin crash").required == [["login", "signin"], ["crash"]])
        #expect(parsed("a OR \"b c\" OR d").required == [["a", "b c", "d"]])
        #expect(parsed("a or b").required == [["a"], ["or"], ["b"]], "only OR in capitals is the operator")
        #expect(parsed("a \"OR\" b").required == [["a"], ["OR"], ["b"]], "a quoted OR is a word")
    }

    @Test func anOrThatJoinsNothingIsIgnoredAndSaidSo() {
        #expect(parsed("OR a").ignored == ["OR"])
        #expect(parsed("a OR").ignored == ["OR"])
        #expect(parsed("a OR OR b") == ([["a", "b"]], [], ["OR"]))
        #expect(parsed("a OR -b") == ([["a"]], ["b"], ["OR"]))
        #expect(parsed("-b OR c") == ([["c"]], ["b"], ["OR"]))
        #expect(SearchQuery(parsing: "OR").isEmpty)
    }

    @Test func termsAreListedInTheOrderGroupsThenExclusions() {
        #expect(SearchQuery(parsing: "-x a OR b c").terms == ["a", "b", "c", "x"])
    }
}
