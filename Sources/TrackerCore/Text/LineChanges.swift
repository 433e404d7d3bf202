/// Where two numbered texts differ: the runs of lines the old text loses and the new one gains in their
/// place, in order, with at least one common line between two runs.
struct LineChange: Equatable {
    var old: Range<Int>
    var new: Range<Int>
}

enum LineChanges {
    /// The changes from `old` to `new`, fewest lines removed and added (Myers' O(ND) algorithm on what
    /// is left once the common first and last lines are set aside). When that needs more than
    /// `maxEdits` removed and added lines, the part between the common ends is replaced whole instead.
    static func between(_ old: [Int], _ new: [Int], maxEdits: Int) -> [LineChange] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        if oldMiddle.isEmpty && newMiddle.isEmpty { return [] }
        guard let snakes = ShortestEdit.snakes(oldMiddle, newMiddle, maxEdits: max(0, maxEdits)) else {
            return [LineChange(old: prefix..<(old.count - suffix), new: prefix..<(new.count - suffix))]
        }
        var changes: [LineChange] = []
        var oldAt = 0
        var newAt = 0
        for snake in snakes + [ShortestEdit.Snake(old: oldMiddle.count, new: newMiddle.count, count: 0)] {
            if snake.old > oldAt || snake.new > newAt {
                changes.append(
                    LineChange(
                        old: (prefix + oldAt)..<(prefix + snake.old), new: (prefix + newAt)..<(prefix + snake.new)))
            }
            oldAt = snake.old + snake.count
            newAt = snake.new + snake.count
        }
        return changes
    }
}

/// Myers, "An O(ND) Difference Algorithm and Its Variations" (1986): the furthest point reached on
/// each diagonal k = x - y after d edits, kept for every d to walk the path back.
enum ShortestEdit {
    /// A run of `count` equal lines starting at `old` and `new`.
    struct Snake: Equatable {
        let old: Int
        let new: Int
        let count: Int
    }

    /// The runs of equal lines of a shortest edit from `a` to `b`, in order; nil when every edit takes
    /// more than `maxEdits` removed and added lines.
    static func snakes(_ a: [Int], _ b: [Int], maxEdits: Int) -> [Snake]? {
        let limit = min(a.count + b.count, maxEdits)
        // Round d's furthest x on diagonals -d, -d+2, …, d, from trace[d * (d + 1) / 2]; -1 for none.
        var trace: [Int] = []
        for d in 0...limit {
            for k in stride(from: -d, through: d, by: 2) {
                var x = d == 0 ? 0 : start(onDiagonal: k, round: d, trace: trace, a.count, b.count).x
                if x >= 0 {
                    var y = x - k
                    while x < a.count && y < b.count && a[x] == b[y] {
                        x += 1
                        y += 1
                    }
                    if x == a.count && y == b.count {
                        trace.append(x)
                        return backtrack(trace: trace, edits: d, a.count, b.count)
                    }
                }
                trace.append(x)
            }
        }
        return nil
    }

    /// Where round d's path on diagonal k starts: one line down from diagonal k + 1 (an added line) or
    /// one right from k - 1 (a removed line), whichever goes further and stays in the grid.
    private static func start(
        onDiagonal k: Int, round d: Int, trace: [Int], _ n: Int, _ m: Int
    ) -> (x: Int, down: Bool) {
        let previous = d * (d - 1) / 2
        var best = (x: -1, down: false)
        if k + 1 <= d - 1 {
            let x = trace[previous + (k + d) / 2]
            if x >= 0 && x - k <= m { best = (x, true) }
        }
        if k - 1 >= -(d - 1) {
            let x = trace[previous + (k + d - 2) / 2]
            if x >= 0 && x + 1 <= n && x + 1 > best.x { best = (x + 1, false) }
        }
        return best
    }

    private static func backtrack(trace: [Int], edits: Int, _ n: Int, _ m: Int) -> [Snake] {
        var snakes: [Snake] = []
        var x = n
        var y = m
        for d in stride(from: edits, to: 0, by: -1) {
            let k = x - y
            let step = start(onDiagonal: k, round: d, trace: trace, n, m)
            if x > step.x { snakes.append(Snake(old: step.x, new: step.x - k, count: x - step.x)) }
            x = step.down ? step.x : step.x - 1
            y = step.down ? step.x - k - 1 : step.x - k
        }
        if x > 0 { snakes.append(Snake(old: 0, new: 0, count: x)) }
        return snakes.reversed()
    }
}
