import TrackerCore

/// A picker screen's state for any kind of choice (labels, a milestone): the picker, candidates
/// found by what is typed, and on `done` the change, saved when `Source.save` is given.
@MainActor
public final class ChoiceViewModel<Item: Equatable & Sendable>: ViewModel {
    /// Where the choices come from and where the change goes.
    public struct Source: Sendable {
        /// What is chosen now (an issue's labels); nil for a draft, which starts from `initial`.
        let current: (@Sendable () async throws -> [Item])?
        let search: @Sendable (String) async throws -> [Item]
        /// Saves a change that is not empty; nil for a draft.
        let save: (@Sendable (ChoiceChange<Item>) async throws -> Void)?
        let initial: [Item]
        let limit: Int
    }

    public enum Input: Equatable, Sendable {
        /// Load the current choice and the first candidates.
        case appear
        case pick(PickerAction)
    }

    public struct Output: Equatable, ViewOutput {
        public var picker: Picker<Item>
        public var notice: PickerNotice?
        public var failure: TrackerError?

        public init(picker: Picker<Item>) {
            self.picker = picker
        }
    }

    public enum Route: Equatable, Sendable {
        /// The change made (saved, for an issue); nil when cancelled.
        case finished(ChoiceChange<Item>?)
    }

    public private(set) var output: Output
    private let source: Source
    private var original: [Item]

    public init(source: Source) {
        self.source = source
        original = source.initial
        output = Output(picker: Picker(selected: source.initial, limit: source.limit))
    }

    @discardableResult
    public func send(_ input: Input) async -> Route? {
        output.notice = nil
        output.failure = nil
        do {
            return try await handle(input)
        } catch {
            output.failure = TrackerError(wrapping: error)
            return nil
        }
    }

    private func handle(_ input: Input) async throws -> Route? {
        switch input {
        case .appear:
            if let current = source.current {
                original = try await current()
                output.picker.reset(selected: original)
            }
            try await search("")
        case .pick(.search(let text)):
            try await search(text)
        case .pick(.toggle(let position)):
            toggle(position)
        case .pick(.clear):
            output.picker.clear()
            output.notice = .cleared
        case .pick(.done):
            let change = ChoiceChange(original: original, chosen: output.picker.selected)
            if !change.isEmpty, let save = source.save { try await save(change) }
            return .finished(change)
        case .pick(.cancel):
            return .finished(nil)
        }
        return nil
    }

    private func search(_ text: String) async throws {
        let found = try await source.search(text)
        output.picker.show(candidates: found)
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
}
