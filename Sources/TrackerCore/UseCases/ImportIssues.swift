/// `tracker import`: many issues at once, all or nothing.
public struct ImportIssues: Sendable {
    private let issues: any IssueRepository

    public init(issues: any IssueRepository) {
        self.issues = issues
    }

    /// `alone`: the file's labels and milestones that no record carries.
    public func callAsFunction(
        _ records: [ImportedIssue], alone: ImportedLabelsAndMilestones = .none, actor: Login, dryRun: Bool = false,
        report: @escaping ImportPhaseReport = { _ in }
    ) async throws -> ImportResult {
        var seen = Set<Int64>()
        for (index, record) in records.enumerated() {
            guard let number = record.number else { continue }
            guard seen.insert(number).inserted else {
                throw TrackerError.invalidInput(
                    field: "record \(index + 1) number", rule: "#\(number) appears twice; nothing was imported")
            }
        }
        return try await issues.importIssues(records, alone: alone, actor: actor, dryRun: dryRun, report: report)
    }
}

/// `tracker import --undo`: the latest import taken back, if nothing changed on its issues since.
public struct UndoImport: Sendable {
    private let issues: any IssueRepository

    public init(issues: any IssueRepository) {
        self.issues = issues
    }

    public func callAsFunction(actor: Login) async throws -> ImportUndone {
        try await issues.undoLastImport(actor: actor)
    }
}
