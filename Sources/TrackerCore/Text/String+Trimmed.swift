extension StringProtocol {
    /// Without the white space (spaces, tabs, line breaks) at either end.
    public var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace }) ?? first
        return String(self[first...last])
    }
}
