/// A Swift value that can travel to PostgreSQL as a text-format query parameter.
/// `nil` text means SQL NULL.
public protocol PostgresEncodable: Sendable {
    var postgresText: String? { get }
}

/// A Swift value that can be read from a column's text representation.
public protocol PostgresDecodable: Sendable {
    init(postgresText: String) throws(PostgresError)
    /// What a NULL column decodes to; `nil` means NULL is refused for this type.
    static var decodedNull: Self? { get }
}

extension PostgresDecodable {
    public static var decodedNull: Self? { nil }
}

extension String: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { self }
    public init(postgresText: String) { self = postgresText }
}

extension Int64: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { String(self) }
    public init(postgresText: String) throws(PostgresError) {
        guard let value = Int64(postgresText) else { throw .undecodable(postgresText, as: "Int64") }
        self = value
    }
}

extension Int: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { String(self) }
    public init(postgresText: String) throws(PostgresError) {
        guard let value = Int(postgresText) else { throw .undecodable(postgresText, as: "Int") }
        self = value
    }
}

extension Bool: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { self ? "t" : "f" }
    public init(postgresText: String) throws(PostgresError) {
        switch postgresText {
        case "t", "true": self = true
        case "f", "false": self = false
        default: throw .undecodable(postgresText, as: "Bool")
        }
    }
}

extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    public var postgresText: String? { self?.postgresText }
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    public init(postgresText: String) throws(PostgresError) {
        self = try Wrapped(postgresText: postgresText)
    }
    public static var decodedNull: Self? { .some(.none) }
}

/// A text[] parameter, written in PostgreSQL's array literal syntax with every element quoted.
public struct PostgresTextArray: PostgresEncodable {
    /// nil is an SQL NULL element.
    public var elements: [String?]
    public init(_ elements: [String]) { self.elements = elements }
    public init(nullable elements: [String?]) { self.elements = elements }

    public var postgresText: String? {
        let quoted = elements.map { element in
            element.map {
                "\"" + $0.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
            } ?? "NULL"
        }
        return "{" + quoted.joined(separator: ",") + "}"
    }
}

extension PostgresError {
    static func undecodable(_ text: String, as type: String) -> PostgresError {
        PostgresError(kind: .decoding, message: "cannot read \(text.debugDescription) as \(type)")
    }
}
