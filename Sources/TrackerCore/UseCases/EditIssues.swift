/// `tracker edit` and the issue screen's `e`: a new title and/or body for one issue, or
/// assignees added and removed on several, as one all-or-nothing change. Text written from a
/// version a person read (`read`) is kept as a draft when it cannot be saved, so nothing typed
/// is lost to a conflict or a failure; once saved, that draft is forgotten.
public struct EditIssues: Sendable {
    private let issues: any IssueRepository
    private let drafts: (any DraftRepository)?
    private let names: KnownNames

    public init(
        issues: any IssueRepository, users: any UserRepository, drafts: (any DraftRepository)? = nil,
        labels: (any LabelRepository)? = nil, milestones: (any MilestoneRepository)? = nil
    ) {
        self.issues = issues
        self.drafts = drafts
        self.names = KnownNames(labels: labels, milestones: milestones, users: users)
    }

    public func callAsFunction(
        _ numbers: [IssueNumber], _ edit: IssueEdit, read: ReadVersion? = nil, actor: Login
    ) async throws -> [Issue] {
        guard !numbers.isEmpty else {
            throw TrackerError.invalidInput(field: "issue number", rule: "name the issue to edit, e.g. 12")
        }
        guard !edit.isEmpty else {
            throw TrackerError.invalidInput(
                field: "edit", rule: "nothing to change: give a new title or body, assignees, labels or a milestone")
        }
        guard !edit.changesText || numbers.count == 1 else {
            throw TrackerError.textEditOfSeveral
        }
        do {
            let edited = try await names.explaining { try await issues.edit(numbers, edit, read: read, actor: actor) }
            if read != nil { try? drafts?.discard(.edit(numbers[0])) }
            return edited
        } catch {
            if let read, edit.changesText {
                let draft = SavedDraft.edit(title: edit.title ?? read.title, body: edit.body ?? read.body, from: read)
                try? drafts?.save(draft, in: .edit(read.number))
            }
            throw error
        }
    }
}
