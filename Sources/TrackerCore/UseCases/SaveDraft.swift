/// Keeps what a person typed for an issue the database could not take, so nothing is lost.
public struct SaveDraft: Sendable {
    private let drafts: any DraftRepository

    public init(drafts: any DraftRepository) {
        self.drafts = drafts
    }

    public func callAsFunction(_ draft: SavedDraft) throws {
        try drafts.save(draft)
    }
}
