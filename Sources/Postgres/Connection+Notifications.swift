import CLibPQ

/// A message sent with NOTIFY (or `pg_notify`) on a channel this connection listens to.
public struct PostgresNotification: Sendable, Equatable {
    public var channel: String
    public var payload: String
    /// The server process that sent it.
    public var processID: Int32

    public init(channel: String, payload: String, processID: Int32) {
        self.channel = channel
        self.payload = payload
        self.processID = processID
    }
}

/// How a wait for notifications ended.
public enum NotificationWait: Sendable, Equatable {
    /// These arrived, oldest first.
    case notified([PostgresNotification])
    case timedOut
    /// One of the other descriptors it watched became ready (or was closed).
    case interrupted
}

/// Something besides the server's socket that ends a wait: a descriptor that becomes readable
/// (the read end of a pipe another thread writes to), or one whose other end goes away (standard
/// output after its reader quit).
public struct WaitInterruption: Sendable, Equatable {
    public var descriptor: Int32
    /// `poll` events to wait for; errors and hang-ups always count.
    public var events: Int16

    public static func readable(_ descriptor: Int32) -> WaitInterruption {
        WaitInterruption(descriptor: descriptor, events: Int16(POLLIN))
    }

    public static func closed(_ descriptor: Int32) -> WaitInterruption {
        WaitInterruption(descriptor: descriptor, events: 0)
    }
}

extension Connection {
    /// LISTEN on each channel (quoted as identifiers), in one round trip. A listening session
    /// needs a connection of its own: a pooler in transaction mode hands the server connection
    /// to others between statements, and the notifications go with it.
    public func listen(to channels: [String]) throws(PostgresError) {
        guard !channels.isEmpty else { return }
        try execute(channels.map { "LISTEN \(Connection.quotedIdentifier($0))" }.joined(separator: "; "))
    }

    public func stopListening(to channel: String) throws(PostgresError) {
        try execute("UNLISTEN \(Connection.quotedIdentifier(channel))")
    }

    /// Sends a notification; delivered when the surrounding transaction commits (now, outside one).
    public func notify(_ channel: String, payload: String) throws(PostgresError) {
        try query("SELECT pg_notify($1, $2)", [channel, payload])
    }

    /// Notifications libpq has already read (e.g. while a query ran), oldest first.
    public func takeNotifications() -> [PostgresNotification] {
        var found: [PostgresNotification] = []
        while let notification = PQnotifies(rawHandle) {
            defer { PQfreemem(notification) }
            found.append(
                PostgresNotification(
                    channel: String(cString: notification.pointee.relname),
                    payload: String(cString: notification.pointee.extra),
                    processID: notification.pointee.be_pid))
        }
        return found
    }

    /// Blocks until a notification arrives, `timeout` passes or an interruption fires, whichever
    /// comes first (`poll` on the server's socket and the interruptions). Notifications that
    /// arrived earlier are returned at once. A connection that breaks meanwhile (the server
    /// stopped, the network went) throws `.connectionLost`.
    public func waitForNotifications(
        timeout: Duration, interruptions: [WaitInterruption] = []
    ) throws(PostgresError) -> NotificationWait {
        try consumeInput()
        var found = takeNotifications()
        if !found.isEmpty { return .notified(found) }
        let deadline = ContinuousClock.now + timeout
        while true {
            let socket = PQsocket(rawHandle)
            guard socket >= 0 else { throw PostgresError(kind: .connectionLost, message: lastErrorText) }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return .timedOut }
            var descriptors =
                [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
                + interruptions.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Connection.milliseconds(remaining))
            if ready < 0 {
                guard errno == EINTR else {
                    throw PostgresError(kind: .connectionLost, message: String(cString: strerror(errno)))
                }
                continue
            }
            if descriptors.dropFirst().contains(where: { $0.revents != 0 }) { return .interrupted }
            guard descriptors[0].revents != 0 else { continue }
            try consumeInput()
            found = takeNotifications()
            if !found.isEmpty { return .notified(found) }
        }
    }

    /// Reads what the server sent without blocking; a closed or broken connection throws.
    private func consumeInput() throws(PostgresError) {
        guard PQconsumeInput(rawHandle) == 1, isOpen else {
            throw PostgresError(kind: .connectionLost, message: lastErrorText)
        }
    }

    /// Rounded up, so a wait never ends just before its deadline; at most Int32.max.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let millis = seconds.multipliedReportingOverflow(by: 1000)
        guard !millis.overflow else { return Int32.max }
        let total = millis.partialValue.addingReportingOverflow(
            (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        guard !total.overflow else { return Int32.max }
        return Int32(clamping: max(0, total.partialValue))
    }

    /// An SQL identifier in double quotes, inner quotes doubled.
    public static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }
}
