import TrackerCore
import TrackerUI

/// Turns a line typed at a picker's prompt into what the person meant: a number toggles that
/// choice, `none` unticks them all, other text searches, `done`, `q` or Enter finishes (keeping
/// the choice), `:q` or `cancel` leaves unchanged.
public enum PickerCommands {
    public static let help =
        "Type a number to toggle · none unticks all · letters search · Enter (or q, done) finishes · "
        + ":q leaves unchanged"

    public static func parse(_ line: String) -> PickerAction {
        let trimmed = line.trimmed
        switch trimmed.lowercased() {
        case ":q", "cancel": return .cancel
        case "done", "q", "": return .done
        case "none": return .clear
        default: return Int(trimmed).map(PickerAction.toggle) ?? .search(trimmed)
        }
    }
}
