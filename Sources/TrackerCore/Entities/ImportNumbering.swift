/// The numbers an import gives its issues: their own ones when the tracker is empty and every
/// record has one; otherwise new ones after the tracker's last, in order of creation time (then
/// old number). Refused, not wrapped, when they would pass `IssueNumber.maximum`.
public enum ImportNumbering {
    public static func keepsNumbers(of records: [ImportedIssue], trackerIsEmpty: Bool) -> Bool {
        trackerIsEmpty && records.allSatisfy { $0.number != nil }
    }

    /// The comments' own ids when the issues keep their numbers and every comment has a
    /// distinct id up to `ImportedIssue.maximumNumber` (the room above stays for new comments);
    /// nil when the database must give new ones.
    public static func keptCommentIDs(of records: [ImportedIssue], keepNumbers: Bool) -> [Int64]? {
        guard keepNumbers else { return nil }
        var ids: [Int64] = []
        var seen = Set<Int64>()
        for comment in records.lazy.flatMap(\.comments) {
            guard let id = comment.id, id <= ImportedIssue.maximumNumber, seen.insert(id).inserted else { return nil }
            ids.append(id)
        }
        return ids
    }

    public static func numbers(
        for records: [ImportedIssue], keep: Bool, after last: Int64
    ) throws(TrackerError)
        -> [Int64]
    {
        if keep { return records.map { $0.number ?? 0 } }
        let room = IssueNumber.maximum - min(max(last, 0), IssueNumber.maximum)
        guard Int64(records.count) <= room else {
            throw .invalidInput(
                field: "import",
                rule: "\(records.count) issues do not fit after #\(last): the highest number is "
                    + "\(IssueNumber.maximum); nothing was imported")
        }
        let order = records.indices.sorted {
            (records[$0].createdAt, records[$0].number ?? 0, $0) < (records[$1].createdAt, records[$1].number ?? 0, $1)
        }
        var numbers = [Int64](repeating: 0, count: records.count)
        var next = last
        for index in order {
            next += 1
            numbers[index] = next
        }
        return numbers
    }
}
