import TrackerCore

/// Who works on one or more issues. From a script it adds or removes assignees at once; on the
/// interactive screen it keeps a selection, finds candidates by a typed prefix (in the
/// database, a few at a time) and saves the difference on `done`.
@MainActor
public final class AssigneeViewModel {
    public static let candidateCount = 8

    public enum Input: Equatable, Sendable {
        case add([Login])
        case remove([Login])
        case removeAll
        /// Interactive: load the current assignees and the first candidates.
        case appear
        case search(String)
        /// Toggle the person at this 1-based position of `Output.choices`.
        case toggle(Int)
        case done
        case cancel
    }

    public struct Output: Equatable, Sendable {
        /// The issues as they are after the last change.
        public var issues: [Issue] = []
        public var selected: [Login] = []
        public var candidates: [Login] = []
        public var notice: String?
        public var failure: TrackerError?

        /// What the screen numbers: the selection first, then candidates not selected.
        public var choices: [Login] { selected + candidates.filter { !selected.contains($0) } }
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
    public var onRoute: ((Route) -> Void)?
    private let numbers: [IssueNumber]
    private let actor: Login
    private let useCases: UseCases
    private var original: [Login] = []

    /// `numbers` empty means a draft: the selection starts at `draft` and nothing is saved here.
    public init(numbers: [IssueNumber], actor: Login, useCases: UseCases, draft: [Login] = []) {
        self.numbers = numbers
        self.actor = actor
        self.useCases = useCases
        output.selected = draft
        original = draft
    }

    public func send(_ input: Input) async {
        output.notice = nil
        do {
            try await handle(input)
            output.failure = nil
        } catch {
            output.failure = error as? TrackerError ?? .storageFailure("\(error)")
        }
    }

    private func handle(_ input: Input) async throws {
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
                output.selected = original
            }
            try await search("")
        case .search(let prefix):
            try await search(prefix)
        case .toggle(let position):
            toggle(position)
        case .done:
            try await save()
            onRoute?(.finished(output.selected))
        case .cancel:
            onRoute?(.finished(nil))
        }
    }

    private func search(_ prefix: String) async throws {
        guard let listUsers = useCases.listUsers else { return }
        let text = prefix.trimmingCharacters(in: .whitespaces)
        output.candidates = try await listUsers(
            prefix: text.isEmpty ? nil : text, limit: AssigneeViewModel.candidateCount
        )
        .map(\.login)
        if output.candidates.isEmpty { output.notice = "Nobody's login starts with '\(text)'." }
    }

    private func toggle(_ position: Int) {
        let choices = output.choices
        guard (1...max(1, choices.count)).contains(position), position <= choices.count else {
            output.notice = "Pick a number from 1 to \(choices.count)."
            return
        }
        let login = choices[position - 1]
        if let index = output.selected.firstIndex(of: login) {
            output.selected.remove(at: index)
        } else if output.selected.count >= IssueDraft.maximumAssignees {
            output.notice = "An issue can have at most \(IssueDraft.maximumAssignees) assignees; remove someone first."
        } else {
            output.selected.append(login)
        }
    }

    /// For an existing issue, unassigns who was removed and assigns who was added, as one change.
    private func save() async throws {
        guard let number = numbers.first, let change = useCases.change else { return }
        let removed = original.filter { !output.selected.contains($0) }
        let added = output.selected.filter { !original.contains($0) }
        guard !removed.isEmpty || !added.isEmpty else { return }
        output.issues = [try await change(number, adding: added, removing: removed, actor: actor)]
        original = output.selected
    }
}
