/// The process's environment, read once. FoundationEssentials builds a new dictionary from
/// `environ` on every `ProcessInfo.environment` (about 0.4 M instructions each; the first also scans
/// the binary's protocol conformances), and a command's start read it three times.
enum ProcessEnvironment {
    static let values = ProcessInfo.processInfo.environment
}
