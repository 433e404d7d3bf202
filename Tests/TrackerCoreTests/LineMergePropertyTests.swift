import Testing
import TrackerCore
import TrackerTestSupport

/// Random texts from a few lines that repeat (so there are many ways to match them), some with "\r\n",
/// one in two Unicode spellings, and a last line that may lack its "\n".
@Suite struct LineMergePropertyTests {
    private static let pool = ["a\n", "b\n", "c\n", "\n", "a\r\n", "caf\u{E9}\n", "cafe\u{301}\n"]

    private static func randomLines(_ rng: inout SeededGenerator) -> [String] {
        let lines = (0..<Int.random(in: 0...16, using: &rng)).map { _ in rng.pick(pool) }
        return finished(lines, &rng)
    }

    /// A few lines inserted, removed or replaced, and sometimes the final newline taken away or given.
    private static func edited(_ lines: [String], _ rng: inout SeededGenerator) -> [String] {
        var lines = lines.map { endsWithNewline($0) ? $0 : $0 + "\n" }
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let at = Int.random(in: 0...lines.count, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: lines.insert(rng.pick(pool), at: at)
            case 1 where at < lines.count: lines.remove(at: at)
            default: if at < lines.count { lines[at] = rng.pick(pool) }
            }
        }
        return finished(lines, &rng)
    }

    private static func finished(_ lines: [String], _ rng: inout SeededGenerator) -> [String] {
        guard let last = lines.last, last.utf8.count > 1, endsWithNewline(last), rng.chance(25) else { return lines }
        return lines.dropLast() + [String(last.utf8.dropLast())!]
    }

    /// By bytes: `hasSuffix("\n")` is false for "a\r\n", whose last Character is "\r\n".
    private static func endsWithNewline(_ line: String) -> Bool { line.utf8.last == UInt8(ascii: "\n") }

    private static func bytes(_ text: String?) -> [UInt8]? { text.map { Array($0.utf8) } }

    /// The length of the longest common subsequence, lines compared byte for byte.
    private static func longestCommon(_ old: [String], _ new: [String]) -> Int {
        var row = [Int](repeating: 0, count: new.count + 1)
        for line in old {
            var diagonal = 0
            for (index, other) in new.enumerated() {
                let above = row[index + 1]
                row[index + 1] = line.utf8.elementsEqual(other.utf8) ? diagonal + 1 : max(above, row[index])
                diagonal = above
            }
        }
        return row[new.count]
    }

    /// `old` patched by the hunks alone, as `patch` would, checking each hunk's numbers on the way.
    private static func patched(_ old: [String], with hunks: [LineDiff.Hunk]) -> [String] {
        var result: [String] = []
        var at = 0
        for hunk in hunks {
            let start = hunk.oldCount == 0 ? hunk.oldStart : hunk.oldStart - 1
            #expect(start >= at)
            result += old[at..<min(start, old.count)]
            at = start
            #expect(result.count == (hunk.newCount == 0 ? hunk.newStart : hunk.newStart - 1))
            let (before, written) = (at, result.count)
            for line in hunk.lines {
                if case .added = line {
                } else {
                    #expect(at < old.count && old[at].utf8.elementsEqual(line.text.utf8))
                    at += 1
                }
                if case .removed = line {} else { result.append(line.text) }
            }
            #expect(at - before == hunk.oldCount && result.count - written == hunk.newCount)
        }
        return result + old[min(at, old.count)...]
    }

    @Test func aDiffTurnsTheOldTextIntoTheNewWithFewestChanges() {
        var rng = SeededGenerator(seed: 29)
        for _ in 0..<300 {
            let old = Self.randomLines(&rng)
            let new = rng.chance(50) ? Self.edited(old, &rng) : Self.randomLines(&rng)
            let (oldText, newText) = (old.joined(), new.joined())
            let diff = LineDiff(from: oldText, to: newText)
            #expect(Self.bytes(diff.applied(to: oldText)) == Self.bytes(newText), "\(old) → \(new)")
            let kept = diff.lines.filter { if case .same = $0 { true } else { false } }.count
            #expect(kept == Self.longestCommon(old, new), "\(old) → \(new)")
            #expect(diff.isEmpty == (Self.bytes(oldText) == Self.bytes(newText)))
            let hunks = diff.hunks(context: Int.random(in: 0...3, using: &rng))
            #expect(Self.bytes(Self.patched(old, with: hunks).joined()) == Self.bytes(newText), "\(old) → \(new)")
            let capped = LineDiff(from: oldText, to: newText, maxEdits: Int.random(in: 0...3, using: &rng))
            #expect(Self.bytes(capped.applied(to: oldText)) == Self.bytes(newText), "\(old) → \(new)")
        }
    }

    @Test func mergingWhereOneSideKeptTheBaseGivesTheOtherSide() {
        var rng = SeededGenerator(seed: 2_029)
        for _ in 0..<300 {
            let baseLines = Self.randomLines(&rng)
            let base = baseLines.joined()
            let changed = (rng.chance(70) ? Self.edited(baseLines, &rng) : Self.randomLines(&rng)).joined()
            let maxEdits = rng.chance(20) ? Int.random(in: 0...3, using: &rng) : LineDiff.maximumEdits
            for result in [
                ThreeWayMerge.merge(base: base, mine: changed, theirs: base, maxEdits: maxEdits),
                ThreeWayMerge.merge(base: base, mine: base, theirs: changed, maxEdits: maxEdits),
                ThreeWayMerge.merge(base: base, mine: changed, theirs: changed, maxEdits: maxEdits),
            ] {
                #expect(result.isClean, "\(base) / \(changed)")
                #expect(Self.bytes(result.cleanText) == Self.bytes(changed), "\(base) / \(changed)")
            }
        }
    }

    @Test func mineAndTheirsAreTreatedAlike() {
        var rng = SeededGenerator(seed: 4_242)
        for _ in 0..<300 {
            let base = Self.randomLines(&rng)
            let (mine, theirs) = (Self.edited(base, &rng).joined(), Self.edited(base, &rng).joined())
            let forward = ThreeWayMerge.merge(base: base.joined(), mine: mine, theirs: theirs)
            let backward = ThreeWayMerge.merge(base: base.joined(), mine: theirs, theirs: mine)
            #expect(forward.conflicts.count == backward.conflicts.count)
            #expect(
                Self.bytes(forward.text(choosing: { _ in .theirs }))
                    == Self.bytes(backward.text(choosing: { _ in .mine })), "\(base) / \(mine) / \(theirs)")
        }
    }
}
