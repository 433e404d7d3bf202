/// The lines one text keeps, loses and gains on its way to another, in order, as `git diff` shows them:
/// fewest lines removed and added, and in each changed run the removed lines before the added ones.
///
/// Lines are cut on "\n" alone and each line's string keeps its "\n" (so "\r\n" lines keep their "\r"
/// as content). A text that does not end in a newline has a last line without one: that is "no newline
/// at end of file", and adding or removing that newline changes the last line ("b" becomes "b\n").
/// Lines are compared byte for byte, not by Swift's canonical equivalence.
public struct LineDiff: Equatable, Sendable {
    public enum Line: Equatable, Sendable {
        case same(String)
        case removed(String)
        case added(String)

        /// The line as it is in the text, with its "\n" when it has one.
        public var text: String {
            switch self {
            case .same(let text), .removed(let text), .added(let text): text
            }
        }

        /// The line without its "\n".
        public var content: Substring {
            // By bytes: dropping the last Character would drop "\r\n" whole.
            endsWithNewline ? text[..<text.utf8.index(before: text.utf8.endIndex)] : text[...]
        }

        /// False only for the last line of a text that does not end in a newline.
        public var endsWithNewline: Bool { text.utf8.last == UInt8(ascii: "\n") }
    }

    /// Past this many removed plus added lines (after the common first and last lines are set aside),
    /// the diff gives up looking for common lines and replaces the middle whole: it stays correct, and
    /// the time stays bounded (about (lines of both texts) × this, at most).
    public static let maximumEdits = 1_000

    public let lines: [Line]

    public init(from old: String, to new: String, maxEdits: Int = LineDiff.maximumEdits) {
        let oldLines = TextLines.split(old)
        let newLines = TextLines.split(new)
        var numbering = LineNumbering()
        let changes = LineChanges.between(numbering.number(oldLines), numbering.number(newLines), maxEdits: maxEdits)
        var lines: [Line] = []
        lines.reserveCapacity(max(oldLines.count, newLines.count))
        var oldAt = 0
        for change in changes {
            lines += oldLines[oldAt..<change.old.lowerBound].map { .same(String($0)) }
            lines += oldLines[change.old].map { .removed(String($0)) }
            lines += newLines[change.new].map { .added(String($0)) }
            oldAt = change.old.upperBound
        }
        lines += oldLines[oldAt...].map { .same(String($0)) }
        self.lines = lines
    }

    /// True when the two texts are the same, byte for byte.
    public var isEmpty: Bool {
        lines.allSatisfy { if case .same = $0 { true } else { false } }
    }

    /// `old` with the changes made, or nil when `old` is not, byte for byte, the text this diff starts from.
    public func applied(to old: String) -> String? {
        let oldLines = TextLines.split(old)
        var result = ""
        var oldAt = 0
        for line in lines {
            switch line {
            case .same(let text), .removed(let text):
                guard oldAt < oldLines.count, oldLines[oldAt].utf8.elementsEqual(text.utf8) else { return nil }
                oldAt += 1
                if case .same = line { result += text }
            case .added(let text):
                result += text
            }
        }
        return oldAt == oldLines.count ? result : nil
    }
}
