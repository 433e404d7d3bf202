extension TrackerError {
    /// Any error as the domain's: a `TrackerError` as it is, anything else as a storage failure.
    public init(wrapping error: any Error) {
        self = error as? TrackerError ?? .storageFailure("\(error)")
    }
}
