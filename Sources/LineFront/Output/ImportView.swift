import TerminalKit
import TrackerCore
import TrackerUI

/// `tracker import`: what it did (or, with `--dry-run`, would do), one fact a line:
/// `Imported 3 issues`, each `#old → #new`, `66 issues were already imported (skipped)`; and
/// what `--undo` took back.
public enum ImportView {
    nonisolated public static func lines(_ result: ImportResult, dryRun: Bool) -> [String] {
        var lines: [String] = []
        if result.count > 0 || result.skipped == 0 {
            lines.append("\(dryRun ? "Would import" : "Imported") \(issues(result.count))")
        }
        lines += result.renumbered.map { "#\($0.old) → #\($0.new)" }
        if result.skipped > 0 {
            let were = result.skipped == 1 ? "was" : "were"
            lines.append(
                "\(issues(result.skipped)) \(were) already imported (\(dryRun ? "would be skipped" : "skipped"))")
        }
        if dryRun { lines.append("Dry run: nothing was written") }
        return lines.map(VisibleText.line)
    }

    nonisolated public static func line(_ undone: ImportUndone) -> String {
        VisibleText.line(
            "Undid import \(undone.importID) (by \(undone.importer.value) at \(undone.importedAt.iso8601)): "
                + "removed \(issues(undone.removed))")
    }

    @MainActor
    public static func render(_ output: ImportViewModel.Output, to terminal: any Terminal) {
        if let result = output.result {
            for line in lines(result, dryRun: output.dryRun) { terminal.writeLine(line) }
        }
        if let undone = output.undone { terminal.writeLine(line(undone)) }
    }

    nonisolated private static func issues(_ count: Int) -> String { "\(count) issue\(count == 1 ? "" : "s")" }
}
