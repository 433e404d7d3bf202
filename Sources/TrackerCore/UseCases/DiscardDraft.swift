/// Forgets the saved draft once its issue exists.
public struct DiscardDraft: Sendable {
    private let drafts: any DraftRepository

    public init(drafts: any DraftRepository) {
        self.drafts = drafts
    }

    public func callAsFunction() throws {
        try drafts.discard()
    }
}
