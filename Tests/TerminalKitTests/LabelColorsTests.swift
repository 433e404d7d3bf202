import Testing
import TrackerCore

@testable import TerminalKit

/// Label colours: the depth a terminal offers, 24-bit codes, the nearest of xterm's 256 colours,
/// and colour runs that survive a table cutting the cell.
@Suite struct LabelColorsTests {
    @Test(arguments: [
        (true, [:], ColorDepth.palette256),
        (true, ["COLORTERM": "truecolor"], .trueColor),
        (true, ["COLORTERM": "24bit"], .trueColor),
        (true, ["COLORTERM": "yes"], .palette256),
        (true, ["COLORTERM": "truecolor", "NO_COLOR": ""], ColorDepth.none),
        (true, ["TERM": "dumb", "COLORTERM": "truecolor"], ColorDepth.none),
        (false, ["COLORTERM": "truecolor"], ColorDepth.none),
    ])
    func depthFollowsTheTerminalAndItsEnvironment(_ isTTY: Bool, _ environment: [String: String], _ depth: ColorDepth) {
        #expect(ColorDepth(isTTY: isTTY, environment: environment) == depth)
    }

    @Test func trueColorWritesTheLabelsOwnComponents() throws {
        let color = try LabelColor("#D73A4A")
        #expect(LabelColors.code(for: color, depth: .trueColor) == "38;2;215;58;74")
        #expect(LabelColors.code(for: color, depth: .none) == nil)
        let name = try LabelName("bug")
        #expect(LabelColors.styled(name, color, depth: .trueColor) == "\u{1B}[38;2;215;58;74mbug\u{1B}[0m")
        #expect(LabelColors.styled(name, color, depth: .none) == "bug")
    }

    @Test(arguments: [
        ("000000", 16), ("ffffff", 231), ("ff0000", 196), ("00ff00", 46), ("0000ff", 21),
        ("d73a4a", 167), ("808080", 244), ("121212", 233), ("eeeeee", 255), ("5f87af", 67),
    ])
    func paletteIsTheNearestOfTheCubeAndTheGreyRamp(_ hex: String, _ index: Int) throws {
        let color = try LabelColor(hex)
        #expect(LabelColors.nearestPaletteIndex(red: color.red, green: color.green, blue: color.blue) == index)
        #expect(LabelColors.code(for: color, depth: .palette256) == "38;5;\(index)")
    }

    @Test func theNearestIsNeverFartherThanAnyOtherCandidate() {
        func rgb(_ index: Int) -> [Int] {
            if index >= 232 { return Array(repeating: 8 + 10 * (index - 232), count: 3) }
            let cube = index - 16
            return [cube / 36, cube / 6 % 6, cube % 6].map { LabelColors.cubeLevels[$0] }
        }
        func distance(_ a: [Int], _ b: [Int]) -> Int { zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +) }
        for value in stride(from: 0, through: 255, by: 17) {
            for other in stride(from: 0, through: 255, by: 51) {
                let color = [value, other, 255 - value]
                let chosen = LabelColors.nearestPaletteIndex(
                    red: UInt8(color[0]), green: UInt8(color[1]), blue: UInt8(color[2]))
                let best = (16...255).map { distance(color, rgb($0)) }.min() ?? 0
                #expect(distance(color, rgb(chosen)) == best, "\(color) → \(chosen)")
            }
        }
    }

    @Test func aCutCellKeepsWholeColourSequencesAndAPlainTail() throws {
        let labels = try ["bug", "enhancement"].map {
            try Label(name: try LabelName($0), color: try LabelColor("d73a4a"))
        }
        let cell = LabelColors.cell(labels, depth: .trueColor)
        #expect(cell.text == "bug, enhancement")
        let red = "\u{1B}[38;2;215;58;74m"
        func rendered(_ cell: (text: String, runs: [Table.Run]), width: Int) -> Substring {
            var table = Table(
                headers: ["L"], rows: [[cell.text]],
                columns: [Table.Column(minimum: 1, listSeparator: ", ")])
            table.cellRuns[0] = [cell.runs]
            return table.render(width: width, colour: true).split(separator: "\n")[1]
        }
        #expect(rendered(cell, width: 10) == "\(red)bug\u{1B}[0m +1", "whole names, then how many are left out")
        #expect(rendered(cell, width: 40) == "\(red)bug\u{1B}[0m, \(red)enhancement\u{1B}[0m")
        let one = LabelColors.cell([labels[1]], depth: .trueColor)
        #expect(rendered(one, width: 5) == "\(red)enha\u{1B}[0m…", "the ellipsis stays plain")
    }
}
