import ChildProcesses

/// A whole screen to draw: a line per row from the top (text through `VisibleText`, with our own
/// SGR styles), and where the cursor shows (nil hides it). Lines wider than the screen are cut,
/// rows past the last line are blank.
public struct Frame: Equatable, Sendable {
    public struct Position: Equatable, Sendable {
        public var row: Int
        public var column: Int

        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    public var lines: [String]
    public var cursor: Position?

    public init(lines: [String] = [], cursor: Position? = nil) {
        self.lines = lines
        self.cursor = cursor
    }
}

/// The full-screen front's terminal: a size, frames to draw and keys to read. The real one is
/// `TerminalScreen` (the alternate screen of standard output, keys from standard input); tests
/// use a scripted one.
@MainActor
public protocol Screen: AnyObject {
    var size: TerminalSize { get }
    var colorDepth: ColorDepth { get }
    /// Shows `frame`, writing only the rows that differ from what is shown.
    func draw(_ frame: Frame)
    /// Waits for a key, live news (`wake`), a change of window size or the end of input.
    func nextEvent(wake: WakePipe?) -> KeyEvent
    /// Whether keys typed ahead wait to be read (a search need not run for each of them).
    var hasTypedAhead: Bool { get }
    /// Runs `body` with the person's own terminal back (their editor), then takes the screen
    /// again; the next frame is drawn whole.
    func suspended<Result>(_ body: () -> Result) -> Result
}
