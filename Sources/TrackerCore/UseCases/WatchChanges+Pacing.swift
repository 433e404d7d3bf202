extension WatchChanges {
    /// How watching paces itself: reconnecting after a lost connection, reading again while
    /// changes are held back, and reading anyway when no notification comes.
    public struct Pacing: Sendable, Equatable {
        /// The pause before the first reconnection; each failed attempt doubles it, up to the longest.
        public var firstReconnectPause: Duration
        public var longestReconnectPause: Duration
        /// How soon to read again while committed changes wait behind a running transaction
        /// (whose end may announce nothing), doubling up to the longest.
        public var firstHeldBackPause: Duration
        public var longestHeldBackPause: Duration
        /// How long to wait for a notification before reading anyway (which also finds a
        /// connection that died without a word).
        public var idleRead: Duration

        public static let standard = Pacing(
            firstReconnectPause: .milliseconds(250), longestReconnectPause: .seconds(5),
            firstHeldBackPause: .milliseconds(2), longestHeldBackPause: .milliseconds(250), idleRead: .seconds(30))

        public init(
            firstReconnectPause: Duration, longestReconnectPause: Duration, firstHeldBackPause: Duration,
            longestHeldBackPause: Duration, idleRead: Duration
        ) {
            self.firstReconnectPause = firstReconnectPause
            self.longestReconnectPause = longestReconnectPause
            self.firstHeldBackPause = firstHeldBackPause
            self.longestHeldBackPause = longestHeldBackPause
            self.idleRead = idleRead
        }

        /// The pause before reconnection attempt `attempt` (from 1).
        func reconnectPause(_ attempt: Int) -> Duration {
            var pause = firstReconnectPause
            for _ in 1..<max(1, min(attempt, 32)) where pause < longestReconnectPause { pause = pause * 2 }
            return min(pause, longestReconnectPause)
        }
    }
}
