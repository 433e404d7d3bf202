/// Which records of an import are new. Each record's source key (its `source`, else its
/// fingerprint, as the repository computes it) is looked up before any number is given, so the
/// `#old → #new` lines name only the issues created.
public enum ImportSources {
    /// The indices of the records to create, in file order; `known[i]` says an issue here already
    /// came from `keys[i]`. Two records of one file with one source are refused: they would be
    /// one issue twice.
    public static func newRecords(keys: [String], known: [Bool]) throws(TrackerError) -> [Int] {
        var first: [String: Int] = [:]
        var fresh: [Int] = []
        for (index, key) in keys.enumerated() {
            if let earlier = first.updateValue(index, forKey: key) {
                throw .invalidInput(
                    field: "record \(index + 1)",
                    rule: "repeats record \(earlier + 1) (the same \(key.hasPrefix("sha256:") ? "content" : "url")); "
                        + "nothing was imported")
            }
            if !known[index] { fresh.append(index) }
        }
        return fresh
    }
}
