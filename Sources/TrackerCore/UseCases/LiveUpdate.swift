/// What a watch says besides the changes themselves.
public enum WatchNotice: Equatable, Sendable {
    /// The connection was lost (said once per outage): watching goes on after the event
    /// `resumingAfter` (nil: from where it began) once reconnected.
    case lost(reason: String, resumingAfter: Int64?)
    /// Connected again; the changes made meanwhile follow.
    case restored
}

/// What a follower's stream carries.
public enum LiveUpdate: Equatable, Sendable {
    case change(IssueChange)
    case notice(WatchNotice)
    /// Watching ended for this reason (the stream ends after it).
    case stopped(String)
}
