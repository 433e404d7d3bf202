import TerminalKit
import TrackerCore
import TrackerUI

/// Reads the lines every tab's prompt understands before its own commands.
public enum TabCommands {
    public enum Parsed: Equatable, Sendable {
        case switchTo(Tab)
        /// `tab` with a name no tab has (the text after `tab`).
        case unknownTab(String)
        /// `project KEY` (nil: `project` alone, to pick one).
        case switchProject(ProjectKey?)
        /// `project` with something that is not a key.
        case invalidProject(TrackerError)
    }

    public static let help = "1–4 or tab NAME switch tabs · project [KEY] opens another project"

    /// nil when the line is not about tabs.
    public static func parse(_ line: String) -> Parsed? {
        let trimmed = line.trimmed
        if let number = Int(trimmed) {
            return Tab(rawValue: number).map(Parsed.switchTo)
        }
        let words = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
        if words.first?.lowercased() == "project" {
            guard words.count > 1 else { return .switchProject(nil) }
            do {
                return .switchProject(try ProjectKey(words[1].trimmed))
            } catch {
                return .invalidProject(error)
            }
        }
        guard words.first?.lowercased() == "tab" else { return nil }
        let name = words.count > 1 ? words[1].trimmed : ""
        return Tab.named(name).map(Parsed.switchTo) ?? .unknownTab(name)
    }
}

extension Tab {
    /// The tab whose title starts with `text`, ignoring case (`lab` is Labels).
    public static func named(_ text: String) -> Tab? {
        let wanted = text.lowercased()
        guard !wanted.isEmpty else { return nil }
        return allCases.first { $0.title.lowercased().hasPrefix(wanted) }
    }
}

/// The tab bar at the top of each tab's screen: `[1 Issues]  2 Labels  3 Milestones  4 People`.
public enum TabBarView {
    public static func line(current: Tab) -> String {
        Tab.allCases.map { tab in
            let name = "\(tab.rawValue) \(tab.title)"
            return tab == current ? "[\(name)]" : name
        }.joined(separator: "  ")
    }

    /// What an unknown `tab NAME` says.
    public static func unknown(_ name: String) -> String {
        let tabs = Tab.allCases.map { "\($0.rawValue) \($0.title)" }.joined(separator: ", ")
        return name.isEmpty ? "Which tab? \(tabs)" : "No tab named '\(VisibleText.line(name))': \(tabs)"
    }
}
