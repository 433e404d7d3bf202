import ChildProcesses
import TerminalKit

/// A full screen for tests: keys come from a script, frames are kept. The script's end is the
/// end of input.
@MainActor
public final class ScriptedScreen: Screen {
    public enum Step: Sendable {
        case key(Key)
        /// Typed text, a key per scalar.
        case text(String)
        /// The window changes to this size.
        case resize(TerminalSize)
        /// Live news arrives (the wake pipe is signalled first, as the follower's task does).
        case wake
        /// Keys typed faster than the screen answers: each one after the first is already
        /// waiting (`hasTypedAhead`) when the one before it is taken.
        case typedAhead([Key])
    }

    public private(set) var size: TerminalSize
    public let colorDepth: ColorDepth
    public private(set) var frames: [Frame] = []
    /// How many times the person's own terminal was given back (their editor ran).
    public private(set) var suspensions = 0
    private var keys: [Step]
    /// How many of the next keys were typed ahead of the one before them.
    private var ahead = 0

    public init(
        _ script: [Step], size: TerminalSize = TerminalSize(columns: 100, rows: 30), colorDepth: ColorDepth = .none
    ) {
        self.size = size
        self.colorDepth = colorDepth
        keys = script.flatMap { step -> [Step] in
            switch step {
            case .text(let text): text.unicodeScalars.map { .key(.text($0)) }
            case .typedAhead(let keys): keys.isEmpty ? [] : [.typedAhead(keys)]
            default: [step]
            }
        }
    }

    public var hasTypedAhead: Bool { ahead > 0 }

    public func draw(_ frame: Frame) { frames.append(frame) }

    public func nextEvent(wake: WakePipe?) -> KeyEvent {
        guard !keys.isEmpty else { return .ended }
        switch keys.removeFirst() {
        case .key(let key):
            ahead = max(0, ahead - 1)
            return .key(key)
        case .typedAhead(let typed):
            keys.insert(contentsOf: typed.map { .key($0) }, at: 0)
            ahead = typed.count
            return nextEvent(wake: wake)
        case .text: return nextEvent(wake: wake)
        case .resize(let size):
            self.size = size
            return .windowChanged
        case .wake:
            return wake == nil ? nextEvent(wake: wake) : .woken
        }
    }

    public func suspended<Result>(_ body: () -> Result) -> Result {
        suspensions += 1
        return body()
    }

    /// The last frame's lines without their styles.
    public var shown: [String] { (frames.last?.lines ?? []).map(StyledText.plain) }

    /// Every frame's lines without their styles, one text each.
    public var everyFrame: [String] { frames.map { $0.lines.map(StyledText.plain).joined(separator: "\n") } }
}
