/// The file `tracker edit` opens in `$VISUAL`/`$EDITOR`: the title on the first line, a blank
/// line, then the body.
enum IssueEditorText {
    static func compose(title: String, body: String) -> String {
        title + "\n\n" + body + "\n"
    }

    /// The title (the first line) and the body (after the blank line that follows it) a person
    /// saved. The line break that ends the file is not part of the body, so a body read back
    /// unchanged is the body written.
    static func parse(_ text: String) -> (title: String, body: String) {
        let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        var rest = parts.count > 1 ? parts[1] : ""
        if rest.hasPrefix("\n") { rest = rest.dropFirst() }
        if rest.hasSuffix("\n") { rest = rest.dropLast() }
        return (String(parts[0]), String(rest))
    }
}
