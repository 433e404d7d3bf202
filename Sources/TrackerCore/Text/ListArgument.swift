/// How every multi-valued flag is read, as gh reads its own: `--label bug,p1` and
/// `--label bug --label p1` alike. Items are split at commas and trimmed; empty items (`bug,,p1`,
/// a trailing comma) are dropped. A name holding a comma cannot be given this way (gh's rule too).
public enum ListArgument {
    public static func items(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: true) }.map(\.trimmed).filter {
            !$0.isEmpty
        }
    }
}
