/// Ranks candidate names by how close they are to what a person typed: those it is a prefix of
/// first, then those within an edit distance of 2 (a swap of neighbours is one edit), nearest first.
/// Case is ignored.
public enum NameSuggestions {
    public static let maximumDistance = 2
    /// How many suggestions a "did you mean" line offers.
    public static let shownLimit = 3

    public static func rank(_ typed: String, among candidates: [String], limit: Int) -> [String] {
        rank(typed, among: candidates, limit: limit) { $0 }
    }

    /// Candidates of any kind (logins, labels, milestones), each known by `name`.
    public static func rank<Candidate>(
        _ typed: String, among candidates: [Candidate], limit: Int, name: (Candidate) -> String
    ) -> [Candidate] {
        let lowered = typed.lowercased()
        let scored = candidates.compactMap { candidate -> (Candidate, String, Int)? in
            let key = name(candidate).lowercased()
            if key.hasPrefix(lowered) { return (candidate, key, -1) }
            let distance = editDistance(Array(lowered), Array(key))
            return distance <= maximumDistance ? (candidate, key, distance) : nil
        }
        let ordered = scored.sorted { ($0.2, $0.1) < ($1.2, $1.1) }
        return Array(ordered.prefix(limit).map(\.0))
    }

    /// Edits to turn `a` into `b`: inserting, deleting or replacing a character, or swapping two
    /// neighbours (the commonest typo: `lsit`, `alcie`), each counting one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
                if i > 0, j > 0, left == b[j - 1], a[i - 1] == right {
                    current[j + 1] = min(current[j + 1], beforePrevious[j - 1] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
