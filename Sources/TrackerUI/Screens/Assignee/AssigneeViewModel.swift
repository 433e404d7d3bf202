import TrackerCore

/// Who works on one or more issues. From a script it adds or removes assignees at once; on the
/// interactive screen it keeps a picker, finds candidates by a typed prefix (in the database, a
/// few at a time) and saves the difference on `done`.
@MainActor
public final class AssigneeViewModel: ViewModel {
    public static let candidateCount = 8

    public enum Input: Equatable, Sendable {
        /// Scripted: assign these people to every issue.
        case add([Login])
        /// Scripted: unassign these people from every issue.
        case remove([Login])
        /// Scripted: unassign everyone.
        case removeAll
        /// Interactive: load the current assignees and the first candidates.
        case appear
        /// Interactive: what was done on the picker.
        case pick(PickerAction)
        /// From the list's `a N LOGIN…`: assigns those not assigned, unassigns those who are.
        case toggle([Login])
    }

    /// What leaving the picker (or a toggle) saved on an issue, as the server spells the logins.
    public struct Change: Equatable, Sendable {
        public let number: IssueNumber
        public let added: [Login]
        public let removed: [Login]

        public init(number: IssueNumber, added: [Login], removed: [Login]) {
            self.number = number
            self.added = added
            self.removed = removed
        }
    }

    public struct Output: Equatable, ViewOutput {
        /// The issues as they are after the last change.
        public var issues: [Issue] = []
        public var picker = Picker<Login>(limit: IssueDraft.maximumAssignees)
        public var notice: PickerNotice?
        public var failure: TrackerError?
        /// Set when an issue's assignees were saved (or found unchanged) on leaving the picker.
        public var change: Change?

        public var selected: [Login] { picker.selected }
    }

    public enum Route: Equatable, Sendable {
        /// The chosen people (nil when cancelled).
        case finished([Login]?)
    }

    public struct UseCases: Sendable {
        let assign: AssignIssues
        let unassign: UnassignIssues
        let change: ChangeAssignees?
        let show: ShowIssue?
        let listUsers: ListUsers?

        public init(
            assign: AssignIssues, unassign: UnassignIssues, change: ChangeAssignees? = nil, show: ShowIssue? = nil,
            listUsers: ListUsers? = nil
        ) {
            self.assign = assign
            self.unassign = unassign
            self.change = change
            self.show = show
            self.listUsers = listUsers
        }
    }

    public private(set) var output = Output()
    private let numbers: [IssueNumber]
    private let actor: Login
    private let useCases: UseCases
    private var original: [Login] = []

    /// `numbers` empty means a draft: the selection starts at `draft` and nothing is saved here.
    public init(numbers: [IssueNumber], actor: Login, useCases: UseCases, draft: [Login] = []) {
        self.numbers = numbers
        self.actor = actor
        self.useCases = useCases
        output.picker.reset(selected: draft)
        original = draft
    }

    /// Handles what the person did; returns where to go when the screen is done.
    @discardableResult
    public func send(_ input: Input) async -> Route? {
        output.notice = nil
        do {
            let route = try await handle(input)
            output.failure = nil
            return route
        } catch {
            output.failure = TrackerError(wrapping: error)
            return nil
        }
    }

    private func handle(_ input: Input) async throws -> Route? {
        switch input {
        case .add(let logins):
            output.issues = try await useCases.assign(logins, to: numbers, actor: actor)
        case .remove(let logins):
            output.issues = try await useCases.unassign(logins, from: numbers, actor: actor)
        case .removeAll:
            output.issues = try await useCases.unassign(nil, from: numbers, actor: actor)
        case .appear:
            if let number = numbers.first, let show = useCases.show {
                original = try await show(number).issue.assignees
                output.picker.reset(selected: original)
            }
            try await search("")
        case .pick(.search(let prefix)):
            try await search(prefix)
        case .pick(.toggle(let position)):
            toggle(position)
        case .pick(.clear):
            output.picker.clear()
            output.notice = .cleared
        case .pick(.done):
            try await save()
            return .finished(output.picker.selected)
        case .pick(.cancel):
            return .finished(nil)
        case .toggle(let people):
            guard let number = numbers.first, let show = useCases.show else { return nil }
            original = try await show(number).issue.assignees
            var selected = original
            for person in people {
                if let index = selected.firstIndex(of: person) {  // logins compare ignoring case
                    selected.remove(at: index)
                } else {
                    selected.append(person)
                }
            }
            output.picker.reset(selected: selected)
            try await save()
            return .finished(output.picker.selected)
        }
        return nil
    }

    private func search(_ prefix: String) async throws {
        guard let listUsers = useCases.listUsers else { return }
        let text = prefix.trimmed
        let found = try await listUsers(prefix: text.isEmpty ? nil : text, limit: AssigneeViewModel.candidateCount)
        output.picker.show(candidates: found.map(\.login))
        if found.isEmpty { output.notice = .noMatch(text) }
    }

    private func toggle(_ position: Int) {
        switch output.picker.toggle(position) {
        case .selected, .deselected:
            break
        case .outOfRange(let count):
            output.notice = .outOfRange(count)
        case .full(let limit):
            output.notice = .full(limit)
        }
    }

    /// For an existing issue, unassigns who was removed and assigns who was added, as one change.
    private func save() async throws {
        guard let number = numbers.first, let change = useCases.change else { return }
        let selected = output.picker.selected
        let removed = original.filter { !selected.contains($0) }
        let added = selected.filter { !original.contains($0) }
        guard !removed.isEmpty || !added.isEmpty else {
            output.change = Change(number: number, added: [], removed: [])
            return
        }
        let saved = try await change(number, adding: added, removing: removed, actor: actor)
        output.issues = [saved]
        output.change = Change(
            number: number, added: saved.assignees.filter { !original.contains($0) },
            removed: original.filter { !saved.assignees.contains($0) })
        original = saved.assignees
    }
}
