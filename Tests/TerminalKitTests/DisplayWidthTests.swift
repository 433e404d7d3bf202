import Testing

@testable import TerminalKit

/// Expectations are Python `wcwidth` 0.7.0's `wcswidth` for the same strings.
@Suite struct DisplayWidthTests {
    static let samples: [(text: String, width: Int)] = [
        ("abc", 3),
        ("設", 2),
        ("漢字テスト", 10),
        ("한국어", 6),
        ("\u{1100}\u{1161}\u{11A8}", 2),
        ("ｱｲｳ", 3),
        ("ＡＢＣ", 6),
        ("\u{3000}全角", 6),
        ("〈テスト〉", 10),
        ("\u{20000}\u{2A6A5}", 4),
        ("👍", 2),
        ("😀x", 3),
        ("⌚", 2),
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", 2),
        ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", 2),
        ("\u{1F9D1}\u{200D}\u{1F4BB}", 2),
        ("\u{2764}\u{FE0F}", 2),
        ("\u{2764}", 1),
        ("1\u{FE0F}\u{20E3}", 2),
        ("\u{1F1EF}\u{1F1F5}", 2),
        ("\u{1F1E6}\u{1F1E7}\u{1F1E8}", 4),
        ("\u{1F44B}\u{1F3FD}", 2),
        ("é", 1),
        ("e\u{301}", 1),
        ("中文\u{301}", 4),
        ("e\u{20DD}", 1),
        ("a\u{200B}b", 2),
        ("\u{FE0F}", 0),
        ("\u{00AD}", 1),
        ("\u{0600}", 1),
        ("①", 1),
        ("ab設X", 5),
        ("naïve café", 10),
        ("\u{0939}\u{093F}\u{0928}\u{094D}\u{0926}\u{0940}", 4),
        ("\u{0915}\u{0903}", 2),
        ("\u{0E01}\u{0E49}", 1),
        ("Ａ😀ｂ", 6),
    ]

    @Test(arguments: samples)
    func matchesPythonWcwidth(_ sample: (text: String, width: Int)) {
        #expect(DisplayWidth.of(sample.text) == sample.width, "\(sample.text.unicodeScalars.map(\.value))")
    }

    @Test func controlCharactersCountAsNothingAndDoNotCrash() {
        #expect(DisplayWidth.of("\u{1B}[31m") == 4)
        #expect(DisplayWidth.of("\u{0}\u{7F}\u{85}") == 0)
    }

    @Test func prefixKeepsWholeClustersWithinTheWidth() {
        #expect(DisplayWidth.prefix("ab設X", fitting: 3) == "ab")
        #expect(DisplayWidth.prefix("ab設X", fitting: 4) == "ab設")
        #expect(DisplayWidth.prefix("e\u{301}x", fitting: 1) == "e\u{301}")
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(DisplayWidth.prefix(family + "z", fitting: 2) == family)
        #expect(DisplayWidth.prefix(family, fitting: 1) == "")
        #expect(DisplayWidth.prefix("abc", fitting: -1) == "")
    }
}
