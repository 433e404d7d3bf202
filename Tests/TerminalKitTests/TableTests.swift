import Foundation
import Testing

@testable import TerminalKit

@Suite struct TableTests {
    static let wideTitles = [
        "設計レビュー：ログイン画面の文字化けを直す（全角スペースを含む長いタイトルです）",
        "한국어 제목이 아주 길어서 터미널의 폭을 넘어가는 경우를 확인합니다 정말로 깁니다",
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} family emoji 🏳️‍🌈 flags 🇯🇵🇰🇷 and ❤️ hearts everywhere 😀😀😀😀😀😀",
        "Cafe\u{301} nai\u{308}ve re\u{301}sume\u{301} with combining accents, long enough to be cut at eighty",
        "ｱｲｳ half-width and ＦＵＬＬ-ＷＩＤＴＨ letters 漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字",
        "短い",
    ]

    func table(titles: [String]) -> Table {
        Table(
            headers: ["#", "TITLE", "ASSIGNEES", "AUTHOR", "CREATED"],
            rows: titles.enumerated().map { index, title in
                ["#\(index + 1)", title, "bob", "alice", "3 minutes ago"]
            },
            flexibleColumn: 1)
    }

    @Test func wideTitlesFitEightyColumnsAndLineUp() {
        let lines = table(titles: TableTests.wideTitles).render(width: 80, colour: false)
            .split(separator: "\n").map(String.init)
        #expect(lines.count == TableTests.wideTitles.count + 1)
        for line in lines {
            #expect(DisplayWidth.of(line) <= 80, "\(line)")
        }
        let assigneeColumns = lines.map { line in
            DisplayWidth.of(line[..<(line.range(of: "ASSIGNEES") ?? line.range(of: "bob")!).lowerBound])
        }
        #expect(Set(assigneeColumns).count == 1, "\(assigneeColumns)")
        #expect(lines[1].contains("…"))
        #expect(lines.last?.contains("短い  ") == true)
    }

    @Test func asciiTableIsUnchanged() {
        let rendered = table(titles: ["Crash on start", "A rather long title that has to be cut somewhere"])
            .render(width: 60, colour: false)
        #expect(
            rendered == """
                #   TITLE                   ASSIGNEES  AUTHOR  CREATED
                #1  Crash on start          bob        alice   3 minutes ago
                #2  A rather long title t…  bob        alice   3 minutes ago

                """)
    }

    @Test func cutNeverSplitsAClusterOrOverflows() {
        #expect(Table.cut("設設設", to: 4) == "設…")
        #expect(Table.cut("設設設", to: 5) == "設設…")
        #expect(Table.cut("設設設", to: 6) == "設設設")
        #expect(Table.cut("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
        #expect(
            Table.cut("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}abc", to: 4)
                == "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}a…")
        #expect(Table.cut("abc", to: 0) == "")
        for width in 0...12 {
            for title in TableTests.wideTitles {
                #expect(DisplayWidth.of(Table.cut(title, to: width)) <= width)
            }
        }
    }
}
