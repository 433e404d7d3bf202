import TrackerCore

/// How many colours the terminal shows: none (NO_COLOR, TERM=dumb, a pipe), the xterm 256-colour
/// palette, or 24-bit colour when `COLORTERM` says `truecolor` or `24bit`.
public enum ColorDepth: Sendable, Equatable {
    case none
    case palette256
    case trueColor

    public init(isTTY: Bool, environment: [String: String]) {
        guard isTTY, environment["NO_COLOR"] == nil, environment["TERM"] != "dumb" else {
            self = .none
            return
        }
        let colorTerm = environment["COLORTERM"]?.lowercased()
        self = colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .palette256
    }
}

/// A label's name in its own colour: the SGR foreground code for the terminal's depth.
public enum LabelColors {
    /// `38;2;R;G;B`, `38;5;N`, or nil when the terminal shows no colour.
    public static func code(for color: LabelColor, depth: ColorDepth) -> String? {
        switch depth {
        case .none: nil
        case .trueColor: "38;2;\(color.red);\(color.green);\(color.blue)"
        case .palette256: "38;5;\(nearestPaletteIndex(red: color.red, green: color.green, blue: color.blue))"
        }
    }

    /// The name wrapped in its colour; the name itself goes through `VisibleText`.
    public static func styled(_ name: LabelName, _ color: LabelColor, depth: ColorDepth) -> String {
        let text = VisibleText.line(name.value)
        guard let code = code(for: color, depth: depth) else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// Labels as one table cell, `bug, ui`, with a colour run per name (none without colour).
    public static func cell(_ labels: [Label], depth: ColorDepth) -> (text: String, runs: [Table.Run]) {
        var runs: [Table.Run] = []
        for (index, label) in labels.enumerated() {
            if index > 0 { runs.append(Table.Run(characters: 2, code: nil)) }
            let name = VisibleText.line(label.name.value)
            runs.append(Table.Run(characters: name.count, code: code(for: label.color, depth: depth)))
        }
        return (labels.map { VisibleText.line($0.name.value) }.joined(separator: ", "), runs)
    }

    /// The levels of each channel in xterm's 6×6×6 cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest colour (squared distance in RGB) among the cube and the grey ramp (232–255,
    /// 8 to 238 by 10); the 16 system colours are left out, as terminals redefine them.
    public static func nearestPaletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let channels = [Int(red), Int(green), Int(blue)]
        let cube = channels.map(nearestCubeStep)
        let cubeDistance = zip(channels, cube).map { square($0 - cubeLevels[$1]) }.reduce(0, +)
        let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
        var bestGrey = 0
        var bestGreyDistance = Int.max
        for step in 0..<24 {
            let level = 8 + 10 * step
            let distance = channels.map { square($0 - level) }.reduce(0, +)
            if distance < bestGreyDistance {
                bestGrey = step
                bestGreyDistance = distance
            }
        }
        return bestGreyDistance < cubeDistance ? 232 + bestGrey : cubeIndex
    }

    private static func nearestCubeStep(_ value: Int) -> Int {
        var best = 0
        for (step, level) in cubeLevels.enumerated() where abs(value - level) < abs(value - cubeLevels[best]) {
            best = step
        }
        return best
    }

    private static func square(_ value: Int) -> Int { value * value }
}
