import Testing
import TrackerCore

@Suite struct ThreeWayMergeTests {
    private func merged(_ base: String, _ mine: String, _ theirs: String) -> String? {
        ThreeWayMerge.merge(base: base, mine: mine, theirs: theirs).cleanText
    }

    @Test(arguments: ["", "\n", "a\nb\nc\n", "a\r\nb\r\n", "a\nno final newline", "caf\u{E9}\ncafe\u{301}\n"])
    func withNoChangesTheBaseComesBackByteForByte(_ base: String) {
        let result = ThreeWayMerge.merge(base: base, mine: base, theirs: base)
        #expect(result.isClean)
        #expect(result.cleanText.map { Array($0.utf8) } == Array(base.utf8))
    }

    @Test func aChangeOnOneSideIsTaken() {
        #expect(merged("a\nb\nc\n", "a\nB\nc\n", "a\nb\nc\n") == "a\nB\nc\n")
        #expect(merged("a\nb\nc\n", "a\nb\nc\n", "a\nc\n") == "a\nc\n")
        #expect(
            ThreeWayMerge.merge(base: "a\nb\nc\n", mine: "a\nB\nc\n", theirs: "a\nb\nc\n").regions == [
                .resolved(["a\n", "B\n", "c\n"])
            ])
    }

    @Test func editsOnLinesApartMergeCleanly() {
        #expect(merged("a\nb\nc\nd\ne\n", "a\nB\nc\nd\ne\n", "a\nb\nc\nD\ne\n") == "a\nB\nc\nD\ne\n")
        #expect(merged("a\nb\nc\n", "new\na\nb\nc\n", "a\nb\nc\nend\n") == "new\na\nb\nc\nend\n")
        #expect(merged("a\nb\nc\n", "a\nc\n", "A\nb\nc\n") == nil)  // adjacent: see below
        #expect(merged("a\nb\nc\nd\n", "a\nd\n", "a\nb\nc\nd\ne\n") == "a\nd\ne\n")
    }

    @Test func theSameLineChangedDifferentlyConflicts() {
        let result = ThreeWayMerge.merge(base: "a\nb\nc\n", mine: "a\nmine\nc\n", theirs: "a\ntheirs\nc\n")
        #expect(
            result.regions == [
                .resolved(["a\n"]), .conflict(base: ["b\n"], mine: ["mine\n"], theirs: ["theirs\n"]),
                .resolved(["c\n"]),
            ])
        #expect(!result.isClean)
        #expect(result.cleanText == nil)
        #expect(result.conflicts == [.init(index: 0, base: ["b\n"], mine: ["mine\n"], theirs: ["theirs\n"])])
        #expect(result.text(choosing: { _ in .mine }) == "a\nmine\nc\n")
        #expect(result.text(choosing: { _ in .theirs }) == "a\ntheirs\nc\n")
        #expect(result.text(choosing: { _ in .both }) == "a\nmine\ntheirs\nc\n")
    }

    @Test func deletingALineTheOtherSideChangedConflicts() {
        let result = ThreeWayMerge.merge(base: "a\nb\nc\n", mine: "a\nc\n", theirs: "a\nB\nc\n")
        #expect(result.conflicts.map(\.mine) == [[]])
        #expect(result.text(choosing: { _ in .mine }) == "a\nc\n")
    }

    @Test func bothSidesMakingTheSameChangeIsClean() {
        #expect(merged("a\nb\nc\n", "a\nB\nc\n", "a\nB\nc\n") == "a\nB\nc\n")
        #expect(merged("a\nb\n", "a\nb\nc\n", "a\nb\nc\n") == "a\nb\nc\n")
    }

    /// As diff3 and git: changes that touch (no unchanged line between them) are one conflict.
    @Test func changesOnAdjacentLinesConflict() {
        let result = ThreeWayMerge.merge(base: "a\nb\nc\nd\n", mine: "a\nB\nc\nd\n", theirs: "a\nb\nC\nd\n")
        #expect(result.conflicts.map(\.base) == [["b\n", "c\n"]])
        #expect(result.conflicts.map(\.mine) == [["B\n", "c\n"]])
        #expect(result.conflicts.map(\.theirs) == [["b\n", "C\n"]])
    }

    @Test func insertionsAtTheSamePlaceConflictUnlessTheyAreTheSame() {
        let result = ThreeWayMerge.merge(base: "a\nb\n", mine: "a\nx\nb\n", theirs: "a\ny\nb\n")
        #expect(
            result.regions == [
                .resolved(["a\n"]), .conflict(base: [], mine: ["x\n"], theirs: ["y\n"]), .resolved(["b\n"]),
            ])
        #expect(merged("a\nb\n", "a\nx\nb\n", "a\nx\nb\n") == "a\nx\nb\n")
    }

    @Test func eachConflictIsChosenOnItsOwn() {
        let result = ThreeWayMerge.merge(base: "1\n2\n3\n4\n5\n", mine: "1\nA\n3\nC\n5\n", theirs: "1\nB\n3\nD\n5\n")
        #expect(result.conflicts.map(\.index) == [0, 1])
        #expect(result.text(choosing: { $0.index == 0 ? .theirs : .mine }) == "1\nB\n3\nC\n5\n")
    }

    @Test func lineEndingsAndAMissingFinalNewlineAreKept() {
        #expect(merged("a\r\nb\r\nc\r\n", "A\r\nb\r\nc\r\n", "a\r\nb\r\nC\r\n") == "A\r\nb\r\nC\r\n")
        #expect(merged("a\nx\nb", "a\nx\nb\n", "A\nx\nb") == "A\nx\nb\n")
        #expect(merged("a\nx\nb\n", "a\nx\nb", "A\nx\nb\n") == "A\nx\nb")
        #expect(merged("a\nx\nb", "A\nx\nb", "a\nx\nb") == "A\nx\nb")
    }

    @Test func bothSidesOfALastLineWithoutNewlineStayTwoLines() {
        let result = ThreeWayMerge.merge(base: "a", mine: "b", theirs: "c")
        #expect(result.regions == [.conflict(base: ["a"], mine: ["b"], theirs: ["c"])])
        #expect(result.text(choosing: { _ in .both }) == "b\nc")
    }
}
