import TrackerCore

/// "just now", "3 minutes ago", "2 days ago", as `gh` shows ages.
public enum RelativeTime {
    public static func describe(_ time: Timestamp, now: Timestamp) -> String {
        let seconds = now.seconds(since: time)
        if seconds < 60 { return "just now" }
        let units: [(String, Int64)] = [
            ("year", 365 * 86_400), ("month", 30 * 86_400), ("day", 86_400), ("hour", 3_600), ("minute", 60),
        ]
        for (name, length) in units where seconds >= length {
            let count = seconds / length
            return "\(count) \(name)\(count == 1 ? "" : "s") ago"
        }
        return "just now"
    }
}
