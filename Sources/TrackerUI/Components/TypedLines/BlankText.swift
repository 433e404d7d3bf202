extension String {
    /// Nothing but spaces: at a prompt, Enter alone (keep the value, or pick the default).
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
