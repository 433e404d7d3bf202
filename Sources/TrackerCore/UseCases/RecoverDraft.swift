/// The draft an earlier session could not save, if there is one.
public struct RecoverDraft: Sendable {
    private let drafts: any DraftRepository

    public init(drafts: any DraftRepository) {
        self.drafts = drafts
    }

    public func callAsFunction(_ slot: DraftSlot = .newIssue) throws -> SavedDraft? {
        try drafts.load(slot)
    }
}
