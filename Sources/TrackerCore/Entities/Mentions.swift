/// The `@login` mentions in a body or comment: `@` at the start or after a character that
/// cannot end a word or an address (so `me@example.com` mentions nobody), followed by a
/// well-formed login. Text in code is skipped: fenced blocks (``` or ~~~ lines) and inline
/// spans between equal runs of backticks. Whether a login is registered is the repository's
/// question; logins are returned once each, in the case first written.
public enum Mentions {
    public static func logins(in text: String) -> [Login] {
        var found: [Login] = []
        var fence: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if let marker = ["```", "~~~"].first(where: { trimmed.hasPrefix($0) }) {
                fence = marker
                continue
            }
            for login in logins(inLine: Array(line.unicodeScalars)) where !found.contains(login) {
                found.append(login)
            }
        }
        return found
    }

    private static func logins(inLine scalars: [Unicode.Scalar]) -> [Login] {
        var found: [Login] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "`" {
                index = endOfCodeSpan(scalars, from: index)
                continue
            }
            if scalar == "@", index == 0 || !continuesWord(scalars[index - 1]) {
                var end = index + 1
                while end < scalars.count, isLoginScalar(scalars[end]) { end += 1 }
                // A login never ends with a hyphen: `@bob-` is bob followed by a dash.
                while end > index + 1, scalars[end - 1] == "-" { end -= 1 }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[(index + 1)..<end])
                if let login = try? Login(text) { found.append(login) }
                index = max(end, index + 1)
                continue
            }
            index += 1
        }
        return found
    }

    /// Past the span opened by the backtick run at `start`, or past the run when it is never
    /// closed (then the backticks are plain text).
    private static func endOfCodeSpan(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var runEnd = start
        while runEnd < scalars.count, scalars[runEnd] == "`" { runEnd += 1 }
        let length = runEnd - start
        var index = runEnd
        while index < scalars.count {
            guard scalars[index] == "`" else {
                index += 1
                continue
            }
            var closeEnd = index
            while closeEnd < scalars.count, scalars[closeEnd] == "`" { closeEnd += 1 }
            if closeEnd - index == length { return closeEnd }
            index = closeEnd
        }
        return runEnd
    }

    private static func isLoginScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCIILetter || ("0"..."9").contains(scalar) || scalar == "-"
    }

    /// Letters, digits and the characters of addresses and paths: an `@` after them is not a mention.
    private static func continuesWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            || ["_", ".", "-", "+", "/", "@", "`"].contains(scalar)
    }
}
