extension TrackerError {
    /// Any error as the domain's: a `TrackerError` as it is, anything else as a storage failure.
    public init(wrapping error: any Error) {
        self = error as? TrackerError ?? .storageFailure("\(error)")
    }

    /// Any error's one line, as the person should read it.
    public static func describing(_ error: any Error) -> String {
        if let unavailable = error as? LiveUpdatesUnavailable { return unavailable.description }
        return TrackerError(wrapping: error).description
    }
}
