/// Ranks candidate names by how close they are to what a person typed: those it is a prefix of
/// first, then those within an edit distance of 2, nearest first. Case is ignored.
public enum NameSuggestions {
    public static let maximumDistance = 2

    public static func rank(_ typed: String, among candidates: [String], limit: Int) -> [String] {
        let lowered = typed.lowercased()
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let name = candidate.lowercased()
            if name.hasPrefix(lowered) { return (candidate, -1) }
            let distance = editDistance(Array(lowered), Array(name))
            return distance <= maximumDistance ? (candidate, distance) : nil
        }
        let ordered = scored.sorted { ($0.1, $0.0.lowercased()) < ($1.1, $1.0.lowercased()) }
        return Array(ordered.prefix(limit).map(\.0))
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// `NameSuggestions` for logins.
public enum LoginSuggestions {
    public static func rank(_ typed: String, among candidates: [Login], limit: Int) -> [Login] {
        let byName = Dictionary(candidates.map { ($0.value, $0) }, uniquingKeysWith: { first, _ in first })
        return NameSuggestions.rank(typed, among: candidates.map(\.value), limit: limit).compactMap { byName[$0] }
    }
}
