import TrackerCore

/// A JSON document read back into a `JSONValue` (what `--template` walks). A number with a
/// fraction or beyond Int64 is refused: tracker never writes one.
extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The document in `text`; a malformed one is `.invalidInput`.
    public init(parsing text: String) throws(TrackerError) {
        do {
            self = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        } catch {
            throw .invalidInput(field: "JSON", rule: "it is not a JSON document tracker wrote")
        }
    }
}
