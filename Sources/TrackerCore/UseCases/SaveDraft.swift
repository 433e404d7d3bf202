/// Keeps what a person typed for an issue, edit or comment the database could not take, so nothing is lost.
public struct SaveDraft: Sendable {
    private let drafts: any DraftRepository

    public init(drafts: any DraftRepository) {
        self.drafts = drafts
    }

    public func callAsFunction(_ draft: SavedDraft, in slot: DraftSlot = .newIssue) throws {
        try drafts.save(draft, in: slot)
    }
}
