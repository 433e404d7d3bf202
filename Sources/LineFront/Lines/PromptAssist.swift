import TerminalKit
import TrackerCore

/// The kinds of names Tab completes.
public enum NameKind: Equatable, Sendable {
    case login, label, milestone
}

/// The registered names of a kind that start with a text (ignoring case), a few at most; the
/// executable looks them up through the use cases.
public typealias NameLookup = @MainActor (NameKind, String) -> [String]

/// History and Tab completion at the line front's prompts: the lines typed at the screens'
/// command prompts (`tracker> `, `#7> `, `labels> `, …; not a title or a body) are kept in
/// `history`, and Tab completes logins, labels and milestones where the prompt or the word asks
/// for one (`NameCompletion`).
@MainActor
public final class PromptAssist: LineAssist {
    private let kept: LineHistory
    private let lookup: NameLookup?

    public init(history: LineHistory, lookup: NameLookup?) {
        kept = history
        self.lookup = lookup
    }

    /// The screens' command prompts all end in `> `; a form's questions do not.
    nonisolated static func keepsHistory(_ prompt: String) -> Bool { prompt.hasSuffix("> ") }

    public func history(at prompt: String) -> [String] {
        PromptAssist.keepsHistory(prompt) ? kept.lines : []
    }

    public func typed(_ line: String, at prompt: String) {
        if PromptAssist.keepsHistory(prompt) { kept.add(line) }
    }

    public func complete(_ before: String, at prompt: String) -> LineEditor.Completion? {
        guard let lookup, let word = NameCompletion.word(before, at: prompt) else { return nil }
        let names = lookup(word.kind, word.typed)
        return LineEditor.Completion(
            replacing: word.replacing, candidates: names.map { word.prefix + word.spelled($0) })
    }
}

/// What Tab completes in a line typed so far: the word before the cursor, and which kind of
/// name it is, told by the word (`@bo` a login, `label:b`, `milestone:"Sp`, `assignee:` and
/// `author:` logins) or else by the prompt and the command (`a 3 bo` at `tracker> `, `e bu` at
/// `labels> `, `c Spr` at `milestones> `, anything at `assignees> `, `pick labels> `,
/// `pick milestone> `).
public struct NameCompletion: Equatable, Sendable {
    public var kind: NameKind
    /// What is typed of the name itself.
    public var typed: String
    /// What comes before the name in the word (`@`, `label:`), kept in the completion.
    public var prefix: String
    /// How many scalars before the cursor the completion replaces.
    public var replacing: Int
    /// Whether a name with a space is written in double quotes (a filter term).
    public var quotes: Bool

    /// The name as it is written back.
    public func spelled(_ name: String) -> String {
        quotes && name.contains(" ") ? "\"\(name)\"" : name
    }

    public static func word(_ before: String, at prompt: String) -> NameCompletion? {
        let term = lastTerm(before)
        if term.hasPrefix("@") {
            return NameCompletion(
                kind: .login, typed: String(term.dropFirst()), prefix: "@", replacing: term.unicodeScalars.count,
                quotes: false)
        }
        if let colon = term.firstIndex(of: ":"), let kind = keyed[term[..<colon].lowercased()] {
            let value = term[term.index(after: colon)...]
            return NameCompletion(
                kind: kind, typed: String(value.hasPrefix("\"") ? value.dropFirst() : value),
                prefix: String(term[...colon]), replacing: term.unicodeScalars.count, quotes: true)
        }
        let words = before.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        let rest = words.count > 1 ? String(words[1]) : ""
        switch prompt {
        case "assignees> ": return whole(before, .login)
        case "pick labels> ": return whole(before, .label)
        case "pick milestone> ": return whole(before, .milestone)
        case "labels> " where words.count > 1: return whole(rest, .label)
        case "milestones> " where words.count > 1: return whole(rest, .milestone)
        case "tracker> " where words.first == "a" && rest.contains(" "):
            return term.isEmpty ? nil : whole(term, .login)
        default: return nil
        }
    }

    /// Filter terms whose value is a name, by their key.
    static let keyed: [String: NameKind] = [
        "label": .label, "milestone": .milestone, "assignee": .login, "author": .login, "mention": .login,
    ]

    private static func whole(_ text: String, _ kind: NameKind) -> NameCompletion? {
        guard !text.isEmpty else { return nil }
        return NameCompletion(
            kind: kind, typed: text, prefix: "", replacing: text.unicodeScalars.count, quotes: false)
    }

    /// The last term of the line: after the last space that is not inside double quotes.
    static func lastTerm(_ text: String) -> String {
        var start = text.startIndex
        var quoted = false
        for index in text.indices {
            if text[index] == "\"" { quoted.toggle() }
            if text[index] == " " && !quoted { start = text.index(after: index) }
        }
        return String(text[start...])
    }
}
