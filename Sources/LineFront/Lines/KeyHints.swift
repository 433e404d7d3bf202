import TrackerCore

/// One key a screen's help lists, and what it needs of the session's level (nil: anyone who reads).
struct KeyHint: Sendable {
    let text: String
    let needs: Permissions.Action?

    init(_ text: String, needs: Permissions.Action? = nil) {
        self.text = text
        self.needs = needs
    }
}

/// A help line with only the keys the session's level allows, and, when some are left out, which
/// level the rest need.
enum KeyHints {
    static func line(_ hints: [KeyHint], allowedBy permissions: Permissions) -> String {
        let hidden = hints.compactMap(\.needs).filter { !permissions.allows($0) }
        let shown = hints.filter { hint in hint.needs.map(permissions.allows) ?? true }.map(\.text)
        guard let lowest = hidden.map(permissions.neededLevel(for:)).min() else {
            return shown.joined(separator: " · ")
        }
        let held = permissions.level?.rawValue ?? "no access"
        return (shown + ["(you have \(held); other keys need \(lowest.rawValue))"]).joined(separator: " · ")
    }
}
