import TerminalKit
import TrackerUI

/// A terminal for tests: answers prompts from a script and keeps everything written.
@MainActor
public final class ScriptedTerminal: Terminal {
    public let width: Int?
    public let height: Int?
    public let usesColor: Bool
    public let colorDepth: ColorDepth
    public private(set) var output = ""
    public private(set) var errors = ""
    public private(set) var prompts: [String] = []
    /// What was streamed (rows written from the database's task), kept apart from `output`.
    public nonisolated let streamed = CollectedOutput()
    public nonisolated var streamOutput: any StreamOutput { streamed }
    /// What was written to the error output from another task.
    public nonisolated let streamedErrors = CollectedOutput()
    public nonisolated var streamError: any StreamOutput { streamedErrors }
    private var script: [String]

    /// `colorDepth` defaults to the 256-colour palette when `usesColor`, else none.
    public init(
        script: [String] = [], width: Int? = nil, height: Int? = nil, usesColor: Bool = false,
        colorDepth: ColorDepth? = nil
    ) {
        self.script = script
        self.width = width
        self.height = height
        self.colorDepth = colorDepth ?? (usesColor ? .palette256 : .none)
        self.usesColor = self.colorDepth != .none
    }

    public func write(_ text: String) {
        output += text
    }

    public func writeError(_ text: String) {
        errors += text
    }

    public func readLine(prompt: String) -> String? {
        prompts.append(prompt)
        return script.isEmpty ? nil : script.removeFirst()
    }
}
