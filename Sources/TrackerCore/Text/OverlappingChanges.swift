/// The two sides' changes against one base, gathered into parts: changes that overlap or touch in the
/// base, whichever side made them, belong to one part.
struct OverlappingChanges {
    /// The base lines the part covers.
    var base: Range<Int>
    /// Each side's changes inside it; empty for a side that left these lines alone.
    var mine: [LineChange]
    var theirs: [LineChange]

    /// The lines a side has in place of the part's base lines, nil when it made no change there.
    /// Outside its changes a side has the base's lines, so its range is its changes' stretched by the
    /// base lines around them.
    func range(in changes: [LineChange]) -> Range<Int>? {
        guard let first = changes.first, let last = changes.last else { return nil }
        let linesBefore = first.old.lowerBound - base.lowerBound
        let linesAfter = base.upperBound - last.old.upperBound
        return (first.new.lowerBound - linesBefore)..<(last.new.upperBound + linesAfter)
    }

    static func parts(_ mine: [LineChange], _ theirs: [LineChange]) -> [OverlappingChanges] {
        var parts: [OverlappingChanges] = []
        var nextMine = 0
        var nextTheirs = 0
        while nextMine < mine.count || nextTheirs < theirs.count {
            let mineFirst =
                nextTheirs == theirs.count
                || (nextMine < mine.count && mine[nextMine].old.lowerBound <= theirs[nextTheirs].old.lowerBound)
            let first = mineFirst ? mine[nextMine] : theirs[nextTheirs]
            var part = OverlappingChanges(base: first.old, mine: [], theirs: [])
            // A change joins when it starts at or before the part's end: overlapping or touching.
            while true {
                if nextMine < mine.count && mine[nextMine].old.lowerBound <= part.base.upperBound {
                    part.take(mine[nextMine], intoMine: true)
                    nextMine += 1
                } else if nextTheirs < theirs.count && theirs[nextTheirs].old.lowerBound <= part.base.upperBound {
                    part.take(theirs[nextTheirs], intoMine: false)
                    nextTheirs += 1
                } else {
                    break
                }
            }
            parts.append(part)
        }
        return parts
    }

    private mutating func take(_ change: LineChange, intoMine: Bool) {
        base = min(base.lowerBound, change.old.lowerBound)..<max(base.upperBound, change.old.upperBound)
        if intoMine { mine.append(change) } else { theirs.append(change) }
    }
}
