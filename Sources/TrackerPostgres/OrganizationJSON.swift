import TrackerCore

/// Reads the labels array and the milestone object `IssueRowDecoding.columns` builds per issue.
enum OrganizationJSON {
    private struct LabelEntry: Decodable {
        let name: String
        let color: String
        let description: String
    }

    private struct MilestoneEntry: Decodable {
        let number: Int64
        let title: String
        let description: String
        let dueOn: String?
        let state: String
    }

    static func labels(_ text: String?) throws -> [Label] {
        guard let text else { return [] }
        return try decode([LabelEntry].self, text).map { entry in
            Label(
                name: LabelName(stored: entry.name), color: try LabelColor(entry.color),
                storedDescription: entry.description)
        }
    }

    static func milestone(_ text: String?) throws -> IssueMilestone? {
        guard let text else { return nil }
        let entry = try decode(MilestoneEntry.self, text)
        guard let state = MilestoneState(rawValue: entry.state) else {
            throw TrackerError.storageFailure("unexpected milestone state '\(entry.state)' in the database")
        }
        return IssueMilestone(
            number: try MilestoneNumber(entry.number), title: MilestoneTitle(stored: entry.title),
            description: entry.description, dueOn: try entry.dueOn.map(time), state: state)
    }

    static func time(_ text: String) throws -> Timestamp {
        guard let time = Timestamp(iso8601: text) else {
            throw TrackerError.storageFailure("the database holds a time tracker cannot read (\(text))")
        }
        return time
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw TrackerError.storageFailure("unexpected labels or milestone from the database: \(error)")
        }
    }
}
