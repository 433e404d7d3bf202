/// An issue's title and body as one text for the person's editor: the title on the first line,
/// a blank line, then the body.
public struct IssueText: Equatable, Sendable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// Reads the text back: the first line is the title, one blank line after it is skipped,
    /// and the newlines an editor adds at the end are not part of the body. A blank text is nil:
    /// emptying the file is how a person gives up the edit.
    public init?(parsing text: String) {
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        title = String(lines.removeFirst())
        if lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        body = lines.joined(separator: "\n").withoutTrailingNewlines
    }

    /// Whether a body read back from the editor is `current`: the editor's last newlines are no change.
    public static func isUnchanged(body: String, from current: String) -> Bool {
        body == current || body == current.withoutTrailingNewlines
    }

    /// What the editor opens.
    public var text: String {
        body.isEmpty ? title + "\n" : title + "\n\n" + body + "\n"
    }

}

extension String {
    /// Without the newlines an editor adds at the end of a file.
    public var withoutTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" || text.last == "\r\n" { text.removeLast() }
        return String(text)
    }
}
