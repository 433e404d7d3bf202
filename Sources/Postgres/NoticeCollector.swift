import CLibPQ

/// Receives a connection's notices in place of libpq's default receiver, which prints them to
/// stderr. Keeps the first `limit`, so a statement that raises millions stays in bounded memory.
final class NoticeCollector {
    private let limit: Int
    private(set) var notices: [PostgresNotice] = []

    init(limit: Int) { self.limit = limit }

    /// Installs this collector on `connection`; it must outlive the connection.
    func install(on connection: OpaquePointer) {
        let receiver: PQnoticeReceiver = { collector, result in
            guard let collector, let result else { return }
            Unmanaged<NoticeCollector>.fromOpaque(collector).takeUnretainedValue().receive(result)
        }
        PQsetNoticeReceiver(connection, receiver, Unmanaged.passUnretained(self).toOpaque())
    }

    func take() -> [PostgresNotice] {
        defer { notices = [] }
        return notices
    }

    private func receive(_ result: OpaquePointer) {
        guard notices.count < limit else { return }
        func field(_ code: Character) -> String? {
            guard let ascii = code.asciiValue, let value = PQresultErrorField(result, Int32(ascii)) else { return nil }
            return String(cString: value)
        }
        notices.append(
            PostgresNotice(
                severity: field("V") ?? field("S") ?? "NOTICE", sqlState: field("C"),
                message: field("M") ?? String(cString: PQresultErrorMessage(result))))
    }
}
