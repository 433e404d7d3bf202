/// A setting a client gives each of its sessions, such as a custom `app.setting` its SQL reads with
/// `current_setting`: sent in the startup packet, or set local to every transaction where that
/// packet could not carry it.
public struct SessionVariable: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
