/// Standard output as a `StreamOutput`, through the same non-trapping writes as the terminal.
public struct StandardOutput: StreamOutput {
    public init() {}

    public func write(_ bytes: [UInt8]) {
        StandardStreams.writeOutput(bytes)
    }
}

/// Standard error as a `StreamOutput`: what a person reads beside the output (notes, progress,
/// what watching says), written from whichever task has something to say.
public struct StandardError: StreamOutput {
    public init() {}

    public func write(_ bytes: [UInt8]) {
        StandardStreams.writeError(bytes)
    }
}
