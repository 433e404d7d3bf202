import TrackerCore

/// One key a screen's help lists, and what it needs of the session's level (nil: anyone who reads).
public struct KeyHint: Sendable {
    public let text: String
    public let needs: Permissions.Action?

    public init(_ text: String, needs: Permissions.Action? = nil) {
        self.text = text
        self.needs = needs
    }
}

/// A help line with only the keys the session's level allows, and, when some are left out, which
/// level the rest need.
public enum KeyHints {
    public static func line(_ hints: [KeyHint], allowedBy permissions: Permissions) -> String {
        (shown(hints, allowedBy: permissions) + [note(hints, allowedBy: permissions)].compactMap { $0 })
            .joined(separator: " · ")
    }

    /// The keys the level allows.
    public static func shown(_ hints: [KeyHint], allowedBy permissions: Permissions) -> [String] {
        hints.filter { hint in hint.needs.map(permissions.allows) ?? true }.map(\.text)
    }

    /// When some keys are left out, which level the rest need.
    public static func note(_ hints: [KeyHint], allowedBy permissions: Permissions) -> String? {
        let hidden = hints.compactMap(\.needs).filter { !permissions.allows($0) }
        guard let lowest = hidden.map(permissions.neededLevel(for:)).min() else { return nil }
        let held = permissions.level?.rawValue ?? "no access"
        return "(you have \(held); other keys need \(lowest.rawValue))"
    }
}
