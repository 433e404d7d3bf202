import TrackerCore

/// The labels: the Labels tab's list and what creating, editing or deleting one did, and the
/// same for `tracker label …`. After a change the list is loaded again only when it was loaded
/// (on the tab), so a command costs no query it does not show.
@MainActor
public final class LabelsViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        /// Load every label.
        case appear
        /// Load the labels whose name or description contains `search`.
        case list(search: String?)
        case create(Label)
        case edit(LabelName, LabelChange)
        /// An edit that kept every field.
        case keep(LabelName)
        case delete(LabelName)
        /// Something typed that breaks a rule (a colour that is not one): said, nothing changes.
        case invalid(TrackerError)
        /// Not understood: the text as typed.
        case unknown(String)
    }

    /// What the last input did, for the presenter to word.
    public enum Notice: Equatable, Sendable {
        case created(Label)
        case edited(Label)
        case unchanged(LabelName)
        /// The label and how many issues it was removed from.
        case deleted(Label, issues: Int)
        case unknownCommand(String)
    }

    /// The labels, and the search that narrowed them.
    public typealias Output = TabListOutput<Label, String, Notice>

    public private(set) var output: Output
    private let source: TabSource<ManageLabels>

    /// `actor`: who deletes; nil where nothing is deleted.
    public init(labels: ManageLabels, actor: Login?, permissions: Permissions = .databaseDecides) {
        source = TabSource(labels, actor: actor)
        output = Output(permissions: permissions)
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.notice = nil
        output.failure = await caught { try await self.take(input) }
        return nil
    }

    /// Acts on the input; after a change, the list is loaded again when it is on the tab.
    private func take(_ input: Input) async throws {
        if let action = Self.action(of: input) { try output.permissions.require(action) }
        switch input {
        case .appear:
            return try await list(search: nil)
        case .list(let search):
            return try await list(search: search)
        case .create(let label):
            output.notice = .created(try await source.useCases.create(label))
        case .edit(let name, let change):
            output.notice = .edited(try await source.useCases.edit(name, change))
        case .keep(let name):
            output.notice = .unchanged(name)
        case .delete(let name):
            let (label, issues) = try await source.useCases.delete(name, actor: try source.deleter())
            output.notice = .deleted(label, issues: issues)
        case .invalid(let failure):
            throw failure
        case .unknown(let text):
            output.notice = text.isEmpty ? nil : .unknownCommand(text)
        }
        if source.listed { output.items = try await source.list { try await $0.list() } }
    }

    private func list(search: String?) async throws {
        output.items = try await source.list { try await $0.list(search: search) }
        output.query = search
    }
}

extension LabelsViewModel {
    /// What the input does that a level may refuse; nil for reading.
    private static func action(of input: Input) -> Permissions.Action? {
        switch input {
        case .create: .createLabel
        case .edit: .editLabel
        case .delete: .deleteLabel
        default: nil
        }
    }
}
