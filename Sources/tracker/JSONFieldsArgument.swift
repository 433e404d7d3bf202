/// Lets `--json` take an optional field list, as `gh` does: `--json number,title` and
/// `--json=number,title` become `--json --json-fields number,title` before parsing.
enum JSONFieldsArgument {
    static func rewrite(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--json=") {
                result += ["--json", "--json-fields", String(argument.dropFirst("--json=".count))]
            } else if argument == "--json", index + 1 < arguments.count, looksLikeFields(arguments[index + 1]) {
                result += ["--json", "--json-fields", arguments[index + 1]]
                index += 1
            } else {
                result.append(argument)
            }
            index += 1
        }
        return result
    }

    private static func looksLikeFields(_ word: String) -> Bool {
        !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0 == ",") }
    }
}
