import Foundation

extension ISOTime {
    /// Reads `2024-01-02T03:04:05Z`, with optional fractional seconds and a `±HH:MM` offset, as
    /// `gh` and `tracker export` write them. Hand-written: a million issues carry three each.
    static func parse(_ text: String) -> Date? {
        var utf8 = Array(text.utf8)
        guard utf8.count >= 20 else { return nil }
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= utf8.count else { return nil }
            var value = 0
            for byte in utf8[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
            utf8[10] == UInt8(ascii: "T") || utf8[10] == UInt8(ascii: " "),
            let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
            let hour = digits(11..<13), let minute = digits(14..<16), let second = digits(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var micros = 0
        if utf8[index] == UInt8(ascii: ".") {
            index += 1
            var count = 0
            while index < utf8.count, (48...57).contains(utf8[index]) {
                if count < 6 { micros = micros * 10 + Int(utf8[index] - 48) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 6) { micros *= 10 }
        }
        var offset = 0
        if index < utf8.count, utf8[index] == UInt8(ascii: "Z") || utf8[index] == UInt8(ascii: "z") {
            index += 1
        } else if index + 6 <= utf8.count, utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-"),
            let hours = digits(index + 1..<index + 3), let minutes = digits(index + 4..<index + 6)
        {
            offset = (utf8[index] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
            index += 6
        } else {
            return nil
        }
        guard index == utf8.count else { return nil }
        utf8.removeAll()
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let seconds = Int64(timegm(&parts)) - Int64(offset)
        return Date(timeIntervalSince1970: Double(seconds * 1_000_000 + Int64(micros)) / 1_000_000)
    }
}
