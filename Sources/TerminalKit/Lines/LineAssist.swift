/// What a prompt offers beside editing: the lines ↑ recalls and what Tab completes. The line
/// front knows its prompts and gives one (LineFront's `PromptAssist`); without one, a prompt has
/// no history and Tab does nothing.
@MainActor
public protocol LineAssist: AnyObject {
    /// The lines typed before at this prompt (or its kind of prompt), oldest first.
    func history(at prompt: String) -> [String]
    /// A line was typed at this prompt.
    func typed(_ line: String, at prompt: String)
    /// What could complete `before` (the text before the cursor) at this prompt.
    func complete(_ before: String, at prompt: String) -> LineEditor.Completion?
}

/// Where the lines typed at the screens' prompts are kept between sessions.
public protocol LineHistoryStore: Sendable {
    /// Oldest first; none when nothing was kept (or it cannot be read).
    func load() -> [String]
    /// Keeps these lines, replacing what was kept; a failure to keep them loses no typing.
    func save(_ lines: [String])
}

/// The lines typed at the screens' prompts, oldest first, the last `kept` of them: a line typed
/// again moves to the end, a blank one is not kept.
@MainActor
public final class LineHistory {
    public static let kept = 500

    public private(set) var lines: [String]
    private let store: (any LineHistoryStore)?

    public init(store: (any LineHistoryStore)?) {
        self.store = store
        lines = Array((store?.load() ?? []).suffix(LineHistory.kept))
    }

    public func add(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        lines.removeAll { $0 == line }
        lines.append(line)
        if lines.count > LineHistory.kept { lines.removeFirst(lines.count - LineHistory.kept) }
        store?.save(lines)
    }
}
