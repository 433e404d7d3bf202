/// A label's name: 1–50 characters, trimmed, no control characters; the same name ignoring case.
public typealias LabelName = NameIgnoringCase<LabelNames>

public enum LabelNames: NameKind {
    public static let rule = NameRule(field: "label name", plural: "names", maximumLength: 50)
}

/// A label's 24-bit colour, kept as gh writes it: six lowercase hex digits.
public struct LabelColor: Hashable, Sendable, CustomStringConvertible {
    public let hex: String

    /// `RRGGBB` or `#RRGGBB`, either case.
    public init(_ text: String) throws(TrackerError) {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.utf8.count == 6, digits.utf8.allSatisfy({ $0.isHexDigit }) else {
            throw .invalidInput(
                field: "color", rule: "'\(text)' is not a colour: give six hex digits, e.g. d73a4a or #d73a4a")
        }
        hex = digits.lowercased()
    }

    public var red: UInt8 { component(0) }
    public var green: UInt8 { component(2) }
    public var blue: UInt8 { component(4) }

    private func component(_ offset: Int) -> UInt8 {
        let start = hex.utf8.index(hex.utf8.startIndex, offsetBy: offset)
        return UInt8(hex.utf8[start..<hex.utf8.index(start, offsetBy: 2)].reduce(0) { $0 * 16 + $1.hexValue })
    }

    /// gh's default label colours; a label created without a colour gets one of them, chosen by
    /// its name so the same name always gets the same colour.
    public static let palette = [
        "d73a4a", "0075ca", "cfd3d7", "a2eeef", "7057ff", "008672", "e4e669", "d876e3", "b60205", "0e8a16",
        "fbca04", "1d76db", "5319e7", "c2e0c6", "bfd4f2", "f9d0c4",
    ]

    public static func picked(for name: LabelName) -> LabelColor {
        // FNV-1a over the lowercased name: stable across runs, unlike Hasher.
        let hash = name.value.lowercased().utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        let choice = palette[Int(hash % UInt32(palette.count))]
        return (try? LabelColor(choice)) ?? LabelColor(unchecked: choice)
    }

    private init(unchecked hex: String) { self.hex = hex }

    public var description: String { hex }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }

    fileprivate var hexValue: UInt8 {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        default: self - UInt8(ascii: "A") + 10
        }
    }
}

public struct Label: Equatable, Sendable {
    public static let maximumDescriptionLength = 100

    public var name: LabelName
    public var color: LabelColor
    public var description: String

    /// A missing colour is picked from the palette by name.
    public init(name: LabelName, color: LabelColor? = nil, description: String = "") throws(TrackerError) {
        self.name = name
        self.color = color ?? LabelColor.picked(for: name)
        self.description = try Label.validDescription(description)
    }

    /// A label as the database holds it, taken as it is (see `LabelName(stored:)`).
    public init(name: LabelName, color: LabelColor, storedDescription: String) {
        self.name = name
        self.color = color
        self.description = storedDescription
    }

    public static func validDescription(_ text: String) throws(TrackerError) -> String {
        let trimmed = text.trimmingWhitespace
        guard !TextRules.containsControl(trimmed) else {
            throw .invalidInput(field: "description", rule: "control characters are not allowed; use one line of text")
        }
        let length = TextRules.length(trimmed)
        guard length <= maximumDescriptionLength else {
            throw .invalidInput(
                field: "description", rule: "is \(length) characters, the limit is \(maximumDescriptionLength)")
        }
        return trimmed
    }
}

/// What `label edit` changes; `nil` keeps the current value.
public struct LabelChange: Equatable, Sendable {
    public var name: LabelName?
    public var color: LabelColor?
    public var description: String?

    public init(name: LabelName? = nil, color: LabelColor? = nil, description: String? = nil) throws(TrackerError) {
        self.name = name
        self.color = color
        self.description = try description.map { text throws(TrackerError) in try Label.validDescription(text) }
    }

    public var isEmpty: Bool { name == nil && color == nil && description == nil }
}

/// The one rule for names typed on one line (labels, milestones): trimmed, not empty, no control
/// characters, a limit counted as every length is (`TextRules.length`).
enum OneLineName {
    static func valid(_ text: String, field: String, maximumLength: Int) throws(TrackerError) -> String {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else {
            throw .invalidInput(field: field, rule: "cannot be empty")
        }
        guard !TextRules.containsControl(trimmed) else {
            throw .invalidInput(field: field, rule: "control characters or escape sequences are not allowed")
        }
        let length = TextRules.length(trimmed)
        guard length <= maximumLength else {
            throw .invalidInput(
                field: field, rule: "is \(length) characters, the limit is \(maximumLength); shorten it")
        }
        return trimmed
    }
}
