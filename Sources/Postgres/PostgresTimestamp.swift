import Foundation

/// Reads and writes `timestamptz` text as the connection is set up to send it:
/// DateStyle ISO and TimeZone UTC, e.g. `2026-11-21 04:54:04.123456+00`.
enum PostgresTimestamp {
    static func format(_ date: Date) -> String {
        let totalMicroseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        let seconds = Int64((totalMicroseconds / 1_000_000).rounded(.down))
        let micros = Int64(totalMicroseconds) - seconds * 1_000_000
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let base = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d",
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        return micros == 0 ? base + "Z" : base + String(format: ".%06dZ", Int(micros))
    }

    static func parse(_ text: String) -> Date? {
        let utf8 = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= utf8.count else { return nil }
            var value = 0
            for byte in utf8[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard utf8.count >= 19,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var index = 19
        var microseconds = 0
        if index < utf8.count, utf8[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < utf8.count, utf8[index] >= 48, utf8[index] <= 57 {
                if digits < 6 { microseconds = microseconds * 10 + Int(utf8[index] - 48) }
                digits += 1
                index += 1
            }
            for _ in digits..<max(digits, 6) { microseconds *= 10 }
        }
        var offsetSeconds = 0
        if index < utf8.count, utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-") {
            let sign = utf8[index] == UInt8(ascii: "-") ? -1 : 1
            guard let hours = number(index + 1..<index + 3) else { return nil }
            var minutes = 0
            if index + 3 < utf8.count, utf8[index + 3] == UInt8(ascii: ":") {
                minutes = number(index + 4..<index + 6) ?? 0
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let epoch = timegm(&parts)
        let totalMicroseconds = (Int64(epoch) - Int64(offsetSeconds)) * 1_000_000 + Int64(microseconds)
        return Date(timeIntervalSince1970: Double(totalMicroseconds) / 1_000_000)
    }
}
