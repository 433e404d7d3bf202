import TerminalKit
import TrackerCore
import TrackerUI

/// An edit that met someone else's: what they changed since the person read the issue, and one
/// question for each thing both changed differently. The issue screen and `tracker edit` ask alike.
@MainActor
public enum MergeQuestions {
    public static let mergePrompt = "Merge your edit with theirs (lines only one of you changed are kept)? [y/N] "

    /// Their change since the text was read: the title, then the body's lines.
    public static func renderTheirChange(_ conflict: EditConflict, to terminal: any Terminal) {
        terminal.writeLine(
            "! Someone else saved issue \(conflict.read.number) while you were editing; nothing was saved, "
                + "your text is kept. What they changed:")
        if conflict.read.title != conflict.current.title {
            terminal.writeLine(
                "  title: \"\(VisibleText.line(conflict.read.title))\" → \"\(VisibleText.line(conflict.current.title))\""
            )
        }
        if conflict.read.body != conflict.current.body {
            DiffLinesView.render(from: conflict.read.body, to: conflict.current.body, to: terminal)
        }
    }

    public static let titleChoice = "Keep (m)ine or (t)heirs? "
    public static let linesChoice = "Keep (m)ine, (t)heirs or (b)oth? "

    /// Whether the person answers the merge prompt yes.
    public static func agreesToMerge(on terminal: any Terminal) -> Bool {
        terminal.readAnswer(prompt: mergePrompt)?.trimmed.lowercased().hasPrefix("y") ?? false
    }

    /// Both titles, when both changed the title differently.
    public static func renderTitleQuestion(_ merge: EditMerge, to terminal: any Terminal) {
        terminal.writeLine("You both changed the title:")
        terminal.writeLine("  yours:  \(VisibleText.line(merge.typed.title))")
        terminal.writeLine("  theirs: \(VisibleText.line(merge.conflict.current.title))")
    }

    /// Both sides of one region of lines both changed.
    public static func renderLinesQuestion(
        _ region: ThreeWayMerge.ConflictRegion, of count: Int, to terminal: any Terminal
    ) {
        terminal.writeLine("You both changed these lines (\(region.index + 1) of \(count)):")
        DiffLinesView.render(region.mine, marker: "  yours  | ", code: "32", to: terminal)
        DiffLinesView.render(region.theirs, marker: "  theirs | ", code: "33", to: terminal)
    }

    /// The choices for everything both changed differently; nil when the person cancels (`:q`).
    public static func ask(_ merge: EditMerge, on terminal: any Terminal) -> EditMerge.Choices? {
        var choices = EditMerge.Choices()
        if merge.titleConflicts {
            renderTitleQuestion(merge, to: terminal)
            guard let choice = choose(titleChoice, on: terminal, allowingBoth: false) else { return nil }
            choices.title = choice
        }
        let conflicts = merge.body.conflicts
        for region in conflicts {
            renderLinesQuestion(region, of: conflicts.count, to: terminal)
            guard let choice = choose(linesChoice, on: terminal, allowingBoth: true) else { return nil }
            choices.body.append(choice)
        }
        return choices
    }

    private static func choose(_ prompt: String, on terminal: any Terminal, allowingBoth: Bool) -> ThreeWayMerge.Choice?
    {
        while let answer = terminal.readAnswer(prompt: prompt)?.trimmed.lowercased() {
            switch answer {
            case "m", "mine": return .mine
            case "t", "theirs": return .theirs
            case "b",
                "both" where allowingBoth:
                return .both
            default: terminal.writeLine(allowingBoth ? "Type m, t or b (:q cancels)." : "Type m or t (:q cancels).")
            }
        }
        return nil
    }
}
