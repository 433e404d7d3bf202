import TrackerCore
import TrackerUI

/// Turns a line typed at a picker's prompt into what the person meant: a number toggles that
/// choice, other text searches, `done`, `q` or Enter finishes (keeping the choice), `:q` or
/// `cancel` leaves unchanged.
public enum PickerCommands {
    public static let help =
        "Type a number to toggle, letters to search, Enter (or q, done) to finish, :q to leave unchanged"

    public static func parse(_ line: String) -> PickerAction {
        let trimmed = line.trimmed
        switch trimmed.lowercased() {
        case ":q", "cancel": return .cancel
        case "done", "q", "": return .done
        default: return Int(trimmed).map(PickerAction.toggle) ?? .search(trimmed)
        }
    }
}
