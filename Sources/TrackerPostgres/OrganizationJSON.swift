import TrackerCore

/// Reads the labels array and the milestone object `IssueRowDecoding.columns` builds per issue.
enum OrganizationJSON {
    static func labels(_ text: String?) throws -> [Label] {
        guard let text else { return [] }
        guard case .array(let entries) = try parse(text) else { throw unexpected(text) }
        return try entries.map { entry in
            Label(
                name: LabelName(stored: try string(entry["name"], in: text)),
                color: try LabelColor(try string(entry["color"], in: text)),
                storedDescription: try string(entry["description"], in: text))
        }
    }

    static func milestone(_ text: String?) throws -> IssueMilestone? {
        guard let text else { return nil }
        let entry = try parse(text)
        let state = try string(entry["state"], in: text)
        guard let milestoneState = MilestoneState(rawValue: state) else {
            throw TrackerError.storageFailure("unexpected milestone state '\(state)' in the database")
        }
        guard case .number(let digits) = entry["number"], let number = Int64(digits) else { throw unexpected(text) }
        let dueOn: String? =
            switch entry["dueOn"] {
            case .null?, nil: nil
            case let value: try string(value, in: text)
            }
        return IssueMilestone(
            number: try MilestoneNumber(number), title: MilestoneTitle(stored: try string(entry["title"], in: text)),
            description: try string(entry["description"], in: text), dueOn: try dueOn.map(time), state: milestoneState)
    }

    static func time(_ text: String) throws -> Timestamp {
        guard let time = Timestamp(iso8601: text) else {
            throw TrackerError.storageFailure("the database holds a time tracker cannot read (\(text))")
        }
        return time
    }

    private static func parse(_ text: String) throws -> ServerJSON {
        do {
            return try ServerJSON.parse(text)
        } catch {
            throw TrackerError.storageFailure("unexpected labels or milestone from the database: \(error)")
        }
    }

    private static func string(_ value: ServerJSON?, in text: String) throws -> String {
        guard case .string(let string) = value else { throw unexpected(text) }
        return string
    }

    private static func unexpected(_ text: String) -> TrackerError {
        .storageFailure("unexpected labels or milestone from the database: \(text.prefix(200))")
    }
}
