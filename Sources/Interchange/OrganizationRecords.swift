import TrackerCore

/// An imported issue's labels and milestone, checked as `label create` and `milestone create`
/// check them; a bad one is named by its record (and item) and field.
enum OrganizationRecords {
    static func labels(from records: [LabelRecord], record index: Int) throws(TrackerError) -> [Label] {
        var labels: [Label] = []
        for (position, record) in records.enumerated() {
            let label = try label(from: record, field: "record \(index) labels item \(position + 1)")
            if !labels.contains(where: { $0.name == label.name }) { labels.append(label) }
        }
        return labels
    }

    /// One label; a bad field is named after `field` (`record 3 labels item 2`, `record 9`).
    static func label(from record: LabelRecord, field prefix: String) throws(TrackerError) -> Label {
        do {
            let name = try LabelName(record.name ?? "")
            let color = try record.color.flatMap { text throws(TrackerError) in
                text.isEmpty ? nil : try LabelColor(text)
            }
            return try Label(name: name, color: color, description: record.description ?? "")
        } catch {
            guard case .invalidInput(let field, let rule) = error else { throw error }
            throw .invalidInput(
                field: "\(prefix) \(unprefixed(field, "label "))", rule: rule + "; nothing was imported")
        }
    }

    static func milestone(from record: MilestoneRecord, record index: Int) throws(TrackerError) -> ImportedMilestone {
        func fail(_ field: String, _ rule: String) -> TrackerError {
            .invalidInput(field: "record \(index) milestone \(field)", rule: rule + "; nothing was imported")
        }
        let state: MilestoneState
        switch record.state?.lowercased() {
        case "open", nil: state = .open
        case "closed": state = .closed
        case let other?: throw fail("state", "'\(other)' is not OPEN or CLOSED")
        }
        var dueOn: Timestamp?
        if let text = record.dueOn {
            guard let due = Timestamp(iso8601: text) else {
                throw fail(
                    "dueOn", "'\(text)' is not a real ISO-8601 time in years 0001–9999 such as 2024-06-30T00:00:00Z")
            }
            dueOn = due
        }
        do {
            return try ImportedMilestone(
                number: try record.number.map { number throws(TrackerError) in try MilestoneNumber(number) },
                title: try MilestoneTitle(record.title ?? ""), description: record.description ?? "", dueOn: dueOn,
                state: state)
        } catch {
            guard case .invalidInput(let field, let rule) = error else { throw error }
            throw fail(unprefixed(field, "milestone "), rule)
        }
    }

    /// `label name` under `labels item 2` reads as `name`.
    private static func unprefixed(_ field: String, _ prefix: String) -> String {
        field.hasPrefix(prefix) ? String(field.dropFirst(prefix.count)) : field
    }
}
