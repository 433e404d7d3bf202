extension Timestamp {
    /// The one writer: `2024-01-02T03:04:05Z`, with `.ffffff` only when there are microseconds.
    /// PostgreSQL reads it exactly, and so does `Timestamp(iso8601:)`.
    /// Written as bytes into one buffer: a list writes two a row (joined pieces of text cost 8 times
    /// as much). The type's range keeps the year at four digits.
    public var iso8601: String {
        let (days, inDay) = floorDivision(microseconds, CivilTime.microsecondsPerDay)
        let (year, month, day) = CivilTime.date(days: days)
        let seconds = inDay / 1_000_000
        let micros = inDay % 1_000_000
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        func put(_ value: Int64, _ width: Int, after separator: UInt8? = nil) {
            if let separator { bytes.append(separator) }
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        put(year, 4)
        put(month, 2, after: UInt8(ascii: "-"))
        put(day, 2, after: UInt8(ascii: "-"))
        put(seconds / 3600, 2, after: UInt8(ascii: "T"))
        put(seconds / 60 % 60, 2, after: UInt8(ascii: ":"))
        put(seconds % 60, 2, after: UInt8(ascii: ":"))
        if micros != 0 { put(micros, 6, after: UInt8(ascii: ".")) }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The one reader, for what people, gh and PostgreSQL write: `YYYY-MM-DD`, `T` or a space,
    /// `HH:MM:SS`, up to six fractional digits, then `Z` or an offset `±HH`, `±HHMM` or
    /// `±HH:MM` of at most 15:59 (PostgreSQL's limit). Dates must exist (no February 31), there
    /// are no leap seconds (`:60`), and the instant, once the offset is applied, must fall in
    /// years 0001–9999. Anything else is nil, never a nearby time.
    public init?(iso8601 text: String) {
        var reader = DigitReader(Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), reader.skip("T") || reader.skip("t") || reader.skip(" "),
            let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2), reader.skip(":"),
            let second = reader.number(2),
            (1...9999).contains(year), (1...12).contains(month),
            (1...CivilTime.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var micros: Int64 = 0
        if reader.skip(".") {
            guard let (fraction, digits) = reader.digits(upTo: 6), digits > 0, !reader.atDigit else { return nil }
            micros = fraction
            for _ in digits..<6 { micros *= 10 }
        }
        guard let offset = reader.offset(), reader.atEnd else { return nil }
        let local =
            CivilTime.days(year: year, month: month, day: day) * CivilTime.microsecondsPerDay
            + ((hour * 60 + minute) * 60 + second) * 1_000_000 + micros
        self.init(microseconds: local - offset * 1_000_000)
    }
}

private func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let remainder = value % divisor
    return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
}

/// Reads fixed-width decimal fields from ASCII bytes.
private struct DigitReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }
    var atDigit: Bool { index < bytes.count && (48...57).contains(bytes[index]) }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Exactly `width` digits.
    mutating func number(_ width: Int) -> Int64? {
        guard bytes.count - index >= width else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + width] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 48)
        }
        index += width
        return value
    }

    /// As many digits as there are, up to `limit`.
    mutating func digits(upTo limit: Int) -> (Int64, Int)? {
        var value: Int64 = 0
        var count = 0
        while count < limit, atDigit {
            value = value * 10 + Int64(bytes[index] - 48)
            index += 1
            count += 1
        }
        return (value, count)
    }

    /// `Z`, or `±HH`, `±HHMM`, `±HH:MM` (at most 15:59), in seconds east of UTC.
    mutating func offset() -> Int64? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int64
        if skip("+") {
            sign = 1
        } else if skip("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(2), hours <= 15 else { return nil }
        var minutes: Int64 = 0
        if skip(":") {
            guard let value = number(2) else { return nil }
            minutes = value
        } else if atDigit {
            guard let value = number(2) else { return nil }
            minutes = value
        }
        guard minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
