/// One option the quick reader knows: its spellings (the first names it) and what it takes.
struct QuickOption: Sendable {
    enum Kind: Sendable {
        /// A flag: present or not.
        case flag
        /// One value, given at most once.
        case value
        /// A value per occurrence (swift-argument-parser's `.singleValue` arrays).
        case values
    }

    let names: [String]
    let kind: Kind

    static func flag(_ names: String...) -> QuickOption { QuickOption(names: names, kind: .flag) }
    static func value(_ names: String...) -> QuickOption { QuickOption(names: names, kind: .value) }
    static func values(_ names: String...) -> QuickOption { QuickOption(names: names, kind: .values) }
}

/// What a plain command line says, read without swift-argument-parser (`QuickParsing`): each
/// option's values by its first spelling, the flags given, and the positional words. It reads only
/// the forms that mean one thing whatever the parser: `--name value`, `--name=value`, `-n value`,
/// `--flag`, `-f`, and words that start with no dash. Anything else (an unknown option, a value
/// that starts with a dash, a single-valued option or a flag given twice, `--`, joined short
/// options) makes it `nil`, and the line goes to swift-argument-parser, which says what it says.
struct QuickLine {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    init?(_ arguments: ArraySlice<String>, options: [QuickOption], positionals range: ClosedRange<Int>) {
        var byName: [String: QuickOption] = [:]
        for option in options {
            for name in option.names { byName[name] = option }
        }
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("-") else {
                positionals.append(word)
                continue
            }
            let (name, attached) = Self.split(word)
            guard let option = byName[name], let key = option.names.first else { return nil }
            switch option.kind {
            case .flag:
                guard attached == nil, !flags.contains(key) else { return nil }
                flags.insert(key)
            case .value, .values:
                let value: String
                if let attached {
                    // The parser refuses `--name=` with nothing after it.
                    guard !attached.isEmpty else { return nil }
                    value = attached
                } else {
                    guard index < arguments.endIndex else { return nil }
                    value = arguments[index]
                    index += 1
                }
                guard !value.hasPrefix("-") else { return nil }
                if option.kind == .value && values[key] != nil { return nil }
                values[key, default: []].append(value)
            }
        }
        guard range.contains(positionals.count) else { return nil }
    }

    /// `--name=value` is the name and the value; a short option's `=` is not read (`-s=x`).
    private static func split(_ word: String) -> (name: String, attached: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    func value(_ name: String) -> String? { values[name]?.first }

    func values(_ name: String) -> [String] { values[name] ?? [] }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The option's whole number, `fallback` when not given; nil when it is not one (the parser
    /// then words the refusal).
    func integer(_ name: String, else fallback: Int) -> Int? {
        guard let text = value(name) else { return fallback }
        return Int(text)
    }
}
