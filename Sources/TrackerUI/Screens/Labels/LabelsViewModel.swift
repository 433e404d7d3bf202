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

    public struct Output: Equatable, Sendable {
        public var labels: [Label] = []
        /// The list was narrowed by a search.
        public var searched = false
        public var notice: Notice?
        public var failure: TrackerError?

        public init() {}
    }

    public private(set) var output = Output()
    public var failure: TrackerError? { output.failure }
    private let labels: ManageLabels
    /// Who deletes; nil where nothing is deleted.
    private let actor: Login?
    private var loaded = false

    public init(labels: ManageLabels, actor: Login?) {
        self.labels = labels
        self.actor = actor
    }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.notice = nil
        output.failure = nil
        do {
            try await handle(input)
            if loaded, !input.lists { output.labels = try await labels.list() }
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
        return nil
    }

    private func handle(_ input: Input) async throws {
        switch input {
        case .appear:
            try await list(search: nil)
        case .list(let search):
            try await list(search: search)
        case .create(let label):
            output.notice = .created(try await labels.create(label))
        case .edit(let name, let change):
            output.notice = .edited(try await labels.edit(name, change))
        case .keep(let name):
            output.notice = .unchanged(name)
        case .delete(let name):
            guard let actor else { throw TrackerError.deletingNeedsAnActor }
            let (label, issues) = try await labels.delete(name, actor: actor)
            output.notice = .deleted(label, issues: issues)
        case .invalid(let failure):
            throw failure
        case .unknown(let text):
            output.notice = text.isEmpty ? nil : .unknownCommand(text)
        }
    }

    private func list(search: String?) async throws {
        output.labels = try await labels.list(search: search)
        output.searched = search != nil
        loaded = true
    }
}

extension LabelsViewModel.Input {
    /// Whether the input loads the list itself.
    fileprivate var lists: Bool {
        switch self {
        case .appear, .list: true
        default: false
        }
    }
}

extension TrackerError {
    static let deletingNeedsAnActor = TrackerError.invalidInput(
        field: "user", rule: "deleting needs an acting user")
}
