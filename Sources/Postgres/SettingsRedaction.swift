/// Keeps passwords out of libpq's messages about a connection string. libpq quotes pieces of the
/// string it could not read (sometimes all of it), and in a malformed string it cannot tell where
/// a password ends: in `password=Top Secret` it complains about a key named "Secret". So every
/// place a password could be is taken to run to the end of the string (or of a URL's userinfo),
/// and a quoted piece of a message is shown only when it comes from the rest of the string.
/// Everything is read scalar by scalar, as libpq reads bytes: a combining mark after a `:` or a
/// quote must not hide the delimiter (as a `Character` it would be part of it).
struct SettingsRedaction {
    static let mask = "***"

    private let settings: String
    /// Text that is, or may be part of, a password (raw and percent-decoded).
    private let secrets: [String]
    /// The settings outside those places, raw and percent-decoded.
    private let publicPieces: [String]
    /// The settings with each place a password may be replaced by `***`.
    let redactedSettings: String

    /// `options` are the settings as libpq parsed them (none when it could not): the values of
    /// every key ending in `password` are secrets wherever they appear.
    init(_ settings: String, options: [(key: String, value: String)] = []) {
        let passwords = options.filter { $0.key.hasSuffix("password") }.map(\.value)
        self.settings = settings
        let characters = Array(settings.unicodeScalars)
        let ranges = SettingsRedaction.passwordRanges(in: characters)
        var secrets = passwords
        var pieces: [String] = []
        var redacted = ""
        var position = 0
        for range in ranges {
            let piece = Scalars.text(characters[position..<range.lowerBound])
            pieces.append(piece)
            redacted += piece + SettingsRedaction.mask
            secrets.append(Scalars.text(characters[range]))
            position = range.upperBound
        }
        let rest = Scalars.text(characters[position...])
        pieces.append(rest)
        redacted += rest
        self.secrets = (secrets + secrets.map(SettingsRedaction.percentDecoded)).filter { !$0.isEmpty }
        publicPieces = pieces + pieces.map(SettingsRedaction.percentDecoded)
        redactedSettings = redacted
    }

    /// The message with every quoted piece that may hold a password replaced by `***`.
    func redact(_ message: String) -> String {
        guard !secrets.isEmpty else { return message }
        var text = settings.isEmpty ? message : Scalars.replacing(settings, with: redactedSettings, in: message)
        let quotedPieces = secrets.map(Scalars.quotedParts).filter { $0.count > 1 }.joined().filter { !$0.isEmpty }
        if quotedPieces.contains(where: { Scalars.contains($0, in: text) }) {
            // A quote inside the password makes libpq's quoting unreadable: keep only what precedes it.
            text = Scalars.quotedParts(text)[0] + SettingsRedaction.mask
        }
        let shown = Scalars.quotedParts(text).enumerated().map { index, part in
            index % 2 == 0 || mayShow(part) ? part : SettingsRedaction.mask
        }
        let result = shown.joined(separator: "\"")
        if secrets.contains(where: { $0.unicodeScalars.count >= 4 && Scalars.contains($0, in: result) }) {
            return "the connection settings cannot be read (details hidden: they would show the password)"
        }
        return result
    }

    /// Whether a piece of text read from the settings holds nothing that may be a password.
    func mayShow(_ quoted: String) -> Bool {
        // libpq's own wording quotes these: `matching "]"`, `missing "=" after`, `(expected ":" or "/")`.
        if secrets.isEmpty || quoted == redactedSettings || ["]", "=", ":", "/"].contains(quoted) { return true }
        return publicPieces.contains { Scalars.contains(quoted, in: $0) }
            && !secrets.contains { Scalars.contains($0, in: quoted) }
    }

    /// Where a password may be: after `scheme://user:` up to the last `@`; and after a key ending
    /// in `password` (key=value, or a URL query parameter, maybe percent-encoded) to the end.
    private static func passwordRanges(in characters: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        let prefix = ["postgresql://", "postgres://"].first { characters.starts(with: $0.unicodeScalars) }
        if let prefix {
            let start = prefix.unicodeScalars.count
            if let lastAt = characters[start...].lastIndex(of: "@"),
                let colon = characters[start..<lastAt].firstIndex(of: ":")
            {
                ranges.append((colon + 1)..<lastAt)
            }
        }
        if let value = passwordValueStart(in: characters, isURL: prefix != nil) {
            ranges.append(value..<characters.count)
        }
        return ranges.sorted { $0.lowerBound < $1.lowerBound }.reduce(into: []) { merged, range in
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
    }

    /// Where the first password key's value starts (key=value allows spaces around `=`).
    private static func passwordValueStart(in characters: [Unicode.Scalar], isURL: Bool) -> Int? {
        let separators: Set<Unicode.Scalar> = isURL ? ["?", "&"] : [" ", "\t", "\n", "\r"]
        for index in characters.indices
        where (index == 0 || separators.contains(characters[index - 1])) && !separators.contains(characters[index]) {
            // Each key is read up to the next separator, so a long string is read about once.
            var end = index
            while end < characters.count, characters[end] != "=", !separators.contains(characters[end]) { end += 1 }
            var equals = end
            while !isURL, equals < characters.count, Scalars.isSpace(characters[equals]) { equals += 1 }
            guard equals < characters.count, characters[equals] == "=" else { continue }
            if percentDecoded(Scalars.text(characters[index..<end])).lowercased().hasSuffix("password") {
                return equals + 1
            }
        }
        return nil
    }

    /// `%XX` escapes decoded where they are valid; anything else kept as it is.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
