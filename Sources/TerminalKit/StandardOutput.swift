/// Standard output as a `StreamOutput`, through the same non-trapping writes as the terminal.
public struct StandardOutput: StreamOutput {
    public init() {}

    public func write(_ bytes: [UInt8]) {
        StandardStreams.writeOutput(bytes)
    }
}
