/// Merges two texts made from one base, on lines, as diff3 and `git merge-file` do.
///
/// Each side's changes are found against the base (`LineDiff`'s algorithm). Changes of the two sides
/// that overlap or touch (one ends on the line where the other starts, or both insert at the same
/// place) form one region: taken from the side that changed it when only one did, taken once when
/// both made it the same, and a conflict otherwise. So, as in git, changes to adjacent lines conflict;
/// changes with at least one unchanged line between them merge. A conflict is not narrowed to the
/// lines mine and theirs differ in, so its base lines are exactly what both sides replaced.
///
/// Lines keep their "\n" as in `LineDiff`, so the merged text keeps each line's ending and whether the
/// text ends in a newline: no changes on a side give the other side back byte for byte.
public enum ThreeWayMerge {
    public enum Region: Equatable, Sendable {
        /// Lines both sides agree on, or changed on one side only, or changed the same way on both.
        case resolved([String])
        /// Lines both sides changed, differently: the base's lines and each side's replacement.
        case conflict(base: [String], mine: [String], theirs: [String])
    }

    /// One conflict of a merge, `index` counting the merge's conflicts from 0.
    public struct ConflictRegion: Equatable, Sendable {
        public let index: Int
        public let base: [String]
        public let mine: [String]
        public let theirs: [String]

        public init(index: Int, base: [String], mine: [String], theirs: [String]) {
            (self.index, self.base, self.mine, self.theirs) = (index, base, mine, theirs)
        }
    }

    public enum Choice: Equatable, Sendable {
        case mine
        case theirs
        /// Mine's lines, then theirs'.
        case both
    }

    public static func merge(
        base: String, mine: String, theirs: String, maxEdits: Int = LineDiff.maximumEdits
    ) -> Result {
        let lines = (base: TextLines.split(base), mine: TextLines.split(mine), theirs: TextLines.split(theirs))
        var numbering = LineNumbering()
        let numbers = (
            base: numbering.number(lines.base), mine: numbering.number(lines.mine),
            theirs: numbering.number(lines.theirs)
        )
        let mineChanges = LineChanges.between(numbers.base, numbers.mine, maxEdits: maxEdits)
        let theirsChanges = LineChanges.between(numbers.base, numbers.theirs, maxEdits: maxEdits)

        var regions = Regions()
        var baseAt = 0
        for part in OverlappingChanges.parts(mineChanges, theirsChanges) {
            regions.resolve(lines.base[baseAt..<part.base.lowerBound])
            switch (part.range(in: part.mine), part.range(in: part.theirs)) {
            case (nil, nil): regions.resolve(lines.base[part.base])
            case (let mine?, nil): regions.resolve(lines.mine[mine])
            case (nil, let theirs?): regions.resolve(lines.theirs[theirs])
            case (let mine?, let theirs?) where numbers.mine[mine] == numbers.theirs[theirs]:
                regions.resolve(lines.mine[mine])
            case (let mine?, let theirs?):
                regions.append(
                    .conflict(
                        base: lines.base[part.base].map(String.init), mine: lines.mine[mine].map(String.init),
                        theirs: lines.theirs[theirs].map(String.init)))
            }
            baseAt = part.base.upperBound
        }
        regions.resolve(lines.base[baseAt...])
        return Result(regions: regions.all)
    }

    public struct Result: Equatable, Sendable {
        public let regions: [Region]

        public init(regions: [Region]) { self.regions = regions }

        public var conflicts: [ConflictRegion] {
            var conflicts: [ConflictRegion] = []
            for case .conflict(let base, let mine, let theirs) in regions {
                conflicts.append(ConflictRegion(index: conflicts.count, base: base, mine: mine, theirs: theirs))
            }
            return conflicts
        }

        public var isClean: Bool { conflicts.isEmpty }

        /// The merged text when nothing conflicts.
        public var cleanText: String? { isClean ? text(choosing: { _ in .mine }) : nil }

        /// The merged text, each conflict settled by `choosing`. With `.both`, a side's last line that
        /// has no "\n" gets one before the other side's lines, so no two lines run together.
        public func text(choosing: (ConflictRegion) -> Choice) -> String {
            var text = ""
            var index = 0
            for region in regions {
                switch region {
                case .resolved(let lines):
                    TextLines.join(lines, into: &text)
                case .conflict(let base, let mine, let theirs):
                    let conflict = ConflictRegion(index: index, base: base, mine: mine, theirs: theirs)
                    index += 1
                    switch choosing(conflict) {
                    case .mine: TextLines.join(mine, into: &text)
                    case .theirs: TextLines.join(theirs, into: &text)
                    case .both: TextLines.join(mine + theirs, into: &text)
                    }
                }
            }
            return text
        }
    }
}

/// A merge's regions as they are made: resolved lines next to each other make one region.
private struct Regions {
    private(set) var all: [ThreeWayMerge.Region] = []

    mutating func resolve(_ lines: ArraySlice<Substring>) {
        guard !lines.isEmpty else { return }
        if case .resolved(let earlier) = all.last {
            all[all.count - 1] = .resolved(earlier + lines.map(String.init))
        } else {
            all.append(.resolved(lines.map(String.init)))
        }
    }

    mutating func append(_ conflict: ThreeWayMerge.Region) { all.append(conflict) }
}
