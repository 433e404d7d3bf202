import TrackerCore

/// What the Labels and Milestones view models show: the list, what it was asked for, and what the
/// last input did.
public struct TabListOutput<Item: Equatable & Sendable, Query: Equatable & Sendable, Notice: Equatable & Sendable>:
    Equatable, ViewOutput
{
    public var items: [Item] = []
    /// What narrowed the list (a search, a state); nil: every item.
    public var query: Query?
    public var notice: Notice?
    public var failure: TrackerError?
    /// What the session may do here: the keys to offer.
    public var permissions: Permissions

    public init(permissions: Permissions = .databaseDecides) {
        self.permissions = permissions
    }
}
