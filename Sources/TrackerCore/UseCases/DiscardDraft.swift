/// Forgets the saved draft once it has been saved where it belongs.
public struct DiscardDraft: Sendable {
    private let drafts: any DraftRepository

    public init(drafts: any DraftRepository) {
        self.drafts = drafts
    }

    public func callAsFunction(_ slot: DraftSlot = .newIssue) throws {
        try drafts.discard(slot)
    }
}
