extension LineDiff {
    /// One changed part of a diff with up to `context` unchanged lines around it, numbered as in a
    /// unified diff: starts count from 1, and a side with no lines in the hunk starts at the line
    /// before it (0 at the top), so inserting two lines at the top of a file is `@@ -0,0 +1,2 @@`.
    public struct Hunk: Equatable, Sendable {
        public let oldStart: Int
        public let oldCount: Int
        public let newStart: Int
        public let newCount: Int
        public let lines: [Line]

        public init(oldStart: Int, oldCount: Int, newStart: Int, newCount: Int, lines: [Line]) {
            (self.oldStart, self.oldCount, self.newStart, self.newCount) = (oldStart, oldCount, newStart, newCount)
            self.lines = lines
        }

        /// The hunk's range line as `git diff` writes it: `@@ -3,4 +3,5 @@`, a count of 1 left out.
        public var header: String {
            func range(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start)" : "\(start),\(count)" }
            return "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@"
        }
    }

    /// The changed parts, each with up to `context` unchanged lines before and after; parts closer than
    /// twice that share a hunk, as `git diff -U<context>` does. No hunks when nothing changed.
    public func hunks(context: Int = 3) -> [Hunk] {
        let context = max(0, context)
        let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
        guard let first = changed.first else { return [] }
        var groups: [ClosedRange<Int>] = []
        var group = first...first
        for index in changed.dropFirst() {
            if index - group.upperBound - 1 <= 2 * context {
                group = group.lowerBound...index
            } else {
                groups.append(group)
                group = index...index
            }
        }
        groups.append(group)

        var hunks: [Hunk] = []
        var at = 0
        var oldLine = 0
        var newLine = 0
        for group in groups {
            let span = max(0, group.lowerBound - context)...min(lines.count - 1, group.upperBound + context)
            while at < span.lowerBound {
                count(lines[at], old: &oldLine, new: &newLine)
                at += 1
            }
            let (oldBefore, newBefore) = (oldLine, newLine)
            while at <= span.upperBound {
                count(lines[at], old: &oldLine, new: &newLine)
                at += 1
            }
            let (oldCount, newCount) = (oldLine - oldBefore, newLine - newBefore)
            hunks.append(
                Hunk(
                    oldStart: oldCount == 0 ? oldBefore : oldBefore + 1, oldCount: oldCount,
                    newStart: newCount == 0 ? newBefore : newBefore + 1, newCount: newCount,
                    lines: Array(lines[span])))
        }
        return hunks
    }

    private func count(_ line: Line, old: inout Int, new: inout Int) {
        switch line {
        case .same:
            old += 1
            new += 1
        case .removed: old += 1
        case .added: new += 1
        }
    }
}
