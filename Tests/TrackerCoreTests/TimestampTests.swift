import Foundation
import Testing
import TrackerCore
import TrackerTestSupport

@Suite struct TimestampTests {
    @Test func readsAndWritesTheWholeRangeExactly() throws {
        let samples = [
            "0001-01-01T00:00:00Z", "1582-10-04T12:00:00Z", "1582-10-15T00:00:00Z", "1200-02-29T00:00:00Z",
            "1969-12-31T23:59:59.999999Z", "1970-01-01T00:00:00Z", "2024-02-29T23:59:59.5Z",
            "9999-12-31T23:59:59.123456Z", "9999-12-31T23:59:59.999999Z",
        ]
        for text in samples {
            let time = try #require(Timestamp(iso8601: text), "\(text)")
            let expected = text.replacingOccurrences(of: ".5Z", with: ".500000Z")
            #expect(time.iso8601 == expected, "one reader and one writer agree on \(text)")
            #expect(Timestamp(iso8601: time.iso8601) == time)
        }
    }

    /// The writer puts bytes in one buffer (issue 34): every instant of the range, a second's and a
    /// microsecond's alike, reads back as itself, and each field is where the format puts it.
    @Test func everyInstantWrittenReadsBackAsItself() throws {
        var random = SeededGenerator(seed: 8601)
        let range = Timestamp.minimum.microseconds...Timestamp.maximum.microseconds
        for round in 0..<20_000 {
            var microseconds = Int64.random(in: range, using: &random)
            if round % 2 == 0 { microseconds -= microseconds % 1_000_000 }
            let time = try #require(Timestamp(microseconds: microseconds))
            let text = time.iso8601
            #expect(Timestamp(iso8601: text) == time, "\(text)")
            let bytes = Array(text.utf8)
            #expect(bytes.count == (round % 2 == 0 ? 20 : 27), "\(text)")
            #expect(
                [bytes[4], bytes[7], bytes[10], bytes[13], bytes[16], bytes.last] == Array("--T::Z".utf8), "\(text)")
        }
    }

    @Test func isProlepticGregorianBefore1582() throws {
        // 1582-10-04 (Julian) was followed by 1582-10-15 (Gregorian); proleptically they are 11 days apart.
        let before = try #require(Timestamp(iso8601: "1582-10-04T00:00:00Z"))
        let after = try #require(Timestamp(iso8601: "1582-10-15T00:00:00Z"))
        #expect(after.seconds(since: before) == 11 * 86_400)
        #expect(Timestamp.minimum.microseconds == -62_135_596_800_000_000)
        #expect(Timestamp.maximum.iso8601 == "9999-12-31T23:59:59.999999Z")
    }

    @Test func appliesOffsetsThenChecksTheRange() throws {
        #expect(Timestamp(iso8601: "2024-01-02T03:04:05+02:00")?.iso8601 == "2024-01-02T01:04:05Z")
        #expect(Timestamp(iso8601: "2024-01-02T03:04:05-0130")?.iso8601 == "2024-01-02T04:34:05Z")
        #expect(Timestamp(iso8601: "2024-01-02 03:04:05.25+00")?.iso8601 == "2024-01-02T03:04:05.250000Z")
        #expect(Timestamp(iso8601: "9999-12-31T23:30:00-01:00") == nil, "year 10000 once the offset is applied")
        #expect(Timestamp(iso8601: "0001-01-01T00:30:00+01:00") == nil, "year 0 once the offset is applied")
    }

    @Test func refusesWhatIsNotARealTime() {
        let refused = [
            "2023-02-31T00:00:00Z", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "1000-02-29T00:00:00Z",
            "2024-04-31T00:00:00Z",
            "2024-01-01T23:59:60Z", "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z", "2024-13-01T00:00:00Z",
            "0000-01-01T00:00:00Z", "2024-01-01T00:00:00+99:99", "2024-01-01T00:00:00+16:00",
            "2024-01-01T00:00:00+01:60", "2024-01-01T00:00:00.1234567Z", "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00", "2024-01-01", "2024-01-01T00:00:00Zjunk", "+2024-01-01T00:00:00Z",
            "２０２４-01-01T00:00:00Z", "", "10000-01-01T00:00:00Z",
        ]
        for text in refused { #expect(Timestamp(iso8601: text) == nil, "\(text)") }
    }

    @Test func keepsMicrosecondsNearTheEndOfTheRange() throws {
        let time = try #require(Timestamp(iso8601: "9999-12-31T23:59:59.123456Z"))
        #expect(time.microseconds % 1_000_000 == 123_456, "no Double on the way")
    }

    @Test func agreesWithTheCalendarEveryDayFor800Years() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var day = try #require(Timestamp(iso8601: "1600-01-01T00:00:00Z"))
        var date = try #require(calendar.date(from: DateComponents(year: 1600, month: 1, day: 1)))
        for _ in 0..<(800 * 365 / 7) {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let text = String(format: "%04d-%02d-%02dT00:00:00Z", parts.year!, parts.month!, parts.day!)
            #expect(day.iso8601 == text)
            day = try #require(Timestamp(microseconds: day.microseconds + 7 * 86_400_000_000))
            date = date.addingTimeInterval(7 * 86_400)
        }
    }
}
