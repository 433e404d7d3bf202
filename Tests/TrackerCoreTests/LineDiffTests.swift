import Testing
import TrackerCore

@Suite struct LineDiffTests {
    @Test func insertingAtTheStartAndEndAddsOnlyThoseLines() {
        #expect(LineDiff(from: "b\nc\n", to: "a\nb\nc\n").lines == [.added("a\n"), .same("b\n"), .same("c\n")])
        #expect(LineDiff(from: "a\nb\n", to: "a\nb\nc\n").lines == [.same("a\n"), .same("b\n"), .added("c\n")])
    }

    @Test func deletingAndReplacingShowRemovedLinesBeforeAddedOnes() {
        #expect(LineDiff(from: "a\nb\nc\n", to: "a\nc\n").lines == [.same("a\n"), .removed("b\n"), .same("c\n")])
        #expect(
            LineDiff(from: "a\nb\nc\nd\n", to: "a\nX\nY\nd\n").lines == [
                .same("a\n"), .removed("b\n"), .removed("c\n"), .added("X\n"), .added("Y\n"), .same("d\n"),
            ])
    }

    @Test func keepsTheLongestRunOfCommonLines() {
        let diff = LineDiff(from: "a\nb\nc\na\nb\nb\na\n", to: "c\nb\na\nb\na\nc\n")
        #expect(diff.lines.filter { if case .same = $0 { true } else { false } }.count == 4)
        #expect(diff.applied(to: "a\nb\nc\na\nb\nb\na\n") == "c\nb\na\nb\na\nc\n")
    }

    @Test func emptyTextsHaveNoLines() {
        #expect(LineDiff(from: "", to: "").lines == [])
        #expect(LineDiff(from: "", to: "").isEmpty)
        #expect(LineDiff(from: "", to: "a\n").lines == [.added("a\n")])
        #expect(LineDiff(from: "a\nb", to: "").lines == [.removed("a\n"), .removed("b")])
    }

    @Test func aMissingFinalNewlineIsALastLineWithoutOne() {
        let diff = LineDiff(from: "a\nb", to: "a\nb\n")
        #expect(diff.lines == [.same("a\n"), .removed("b"), .added("b\n")])
        #expect(!diff.isEmpty)
        #expect(diff.lines.map(\.endsWithNewline) == [true, false, true])
        #expect(diff.lines.map(\.content) == ["a", "b", "b"])
        #expect(LineDiff(from: "\n", to: "").lines == [.removed("\n")])
        #expect(LineDiff(from: "a\n", to: "a\n\n").lines == [.same("a\n"), .added("\n")])
    }

    @Test func carriageReturnsAreContentNotLineBreaks() {
        let diff = LineDiff(from: "a\r\nb\r\n", to: "a\nb\r\n")
        #expect(diff.lines == [.removed("a\r\n"), .added("a\n"), .same("b\r\n")])
        #expect(diff.lines.first?.content == "a\r")
        #expect(LineDiff(from: "a\rb\n", to: "a\rc\n").lines == [.removed("a\rb\n"), .added("a\rc\n")])
    }

    @Test func linesDifferingOnlyInUnicodeNormalizationAreAChange() {
        let diff = LineDiff(from: "caf\u{E9}\n", to: "cafe\u{301}\n")
        #expect(!diff.isEmpty)
        #expect(diff.applied(to: "caf\u{E9}\n").map { Array($0.utf8) } == Array("cafe\u{301}\n".utf8))
    }

    @Test func applyingToAnotherTextFails() {
        let diff = LineDiff(from: "a\nb\n", to: "a\nc\n")
        #expect(diff.applied(to: "a\nb\n") == "a\nc\n")
        #expect(diff.applied(to: "a\nx\n") == nil)
        #expect(diff.applied(to: "a\nb\nextra\n") == nil)
        #expect(diff.applied(to: "a\nb") == nil)
    }

    @Test func pastTheEditCapTheMiddleIsReplacedWhole() {
        let old = "1\n2\n3\n4\n5\n"
        let new = "1\nX\n3\nY\n5\n"
        #expect(
            LineDiff(from: old, to: new).lines == [
                .same("1\n"), .removed("2\n"), .added("X\n"), .same("3\n"), .removed("4\n"), .added("Y\n"),
                .same("5\n"),
            ])
        let capped = LineDiff(from: old, to: new, maxEdits: 3)
        #expect(
            capped.lines == [
                .same("1\n"), .removed("2\n"), .removed("3\n"), .removed("4\n"), .added("X\n"), .added("3\n"),
                .added("Y\n"), .same("5\n"),
            ])
        #expect(capped.applied(to: old) == new)
    }
}

@Suite struct LineDiffHunkTests {
    /// The twelve lines with some replaced (by "" to delete them).
    private static func twelve(replacing replacements: [Int: String]) -> String {
        (1...12).map { replacements[$0] ?? "\($0)\n" }.joined()
    }

    @Test func aChangeInTheMiddleGetsThreeLinesOfContextEachSide() {
        let new = Self.twelve(replacing: [6: "six\n"])
        let hunks = LineDiff(from: Self.twelve(replacing: [:]), to: new).hunks()
        #expect(hunks.count == 1)
        #expect(hunks.first?.header == "@@ -3,7 +3,7 @@")
        #expect(hunks.first?.lines.first == .same("3\n"))
        #expect(hunks.first?.lines.last == .same("9\n"))
    }

    @Test func changesFartherApartThanTwiceTheContextGetHunksOfTheirOwn() {
        let new = Self.twelve(replacing: [2: "two\n", 11: ""])
        let diff = LineDiff(from: Self.twelve(replacing: [:]), to: new)
        #expect(diff.hunks().map(\.header) == ["@@ -1,5 +1,5 @@", "@@ -8,5 +8,4 @@"])
        #expect(diff.hunks(context: 4).map(\.header) == ["@@ -1,12 +1,11 @@"])
        #expect(diff.hunks(context: 0).map(\.header) == ["@@ -2 +2 @@", "@@ -11 +10,0 @@"])
    }

    @Test func insertingIntoAnEmptyTextStartsAtLineZero() {
        let hunk = LineDiff(from: "", to: "a\nb\n").hunks().first
        #expect(
            hunk == .init(oldStart: 0, oldCount: 0, newStart: 1, newCount: 2, lines: [.added("a\n"), .added("b\n")]))
        #expect(hunk?.header == "@@ -0,0 +1,2 @@")
        #expect(LineDiff(from: "a\nb\n", to: "a\nb\n").hunks() == [])
        #expect(LineDiff(from: "a\nb\n", to: "a\nX\nb\n").hunks(context: 0).map(\.header) == ["@@ -1,0 +2 @@"])
    }
}
