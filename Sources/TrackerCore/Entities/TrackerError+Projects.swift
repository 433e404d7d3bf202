/// The refusals about projects that every implementation words the same way.
extension TrackerError {
    /// A key that names no project (never read as the default).
    public static func unknownProject(_ key: String) -> TrackerError {
        .notFound(
            "no project '\(key)': see `tracker project list`, or create it with `tracker project create \(key)`")
    }

    /// A number that was moved to another project (`tracker move`), where it went.
    public static func moved(_ number: IssueNumber, to place: String) -> TrackerError {
        .notFound("issue \(number) was moved to \(place): tracker show \(place)")
    }
}
