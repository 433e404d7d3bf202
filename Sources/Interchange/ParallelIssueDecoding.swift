import Dispatch
import Synchronization
import TrackerCore

/// A large JSON array of issues decoded and checked on every core: cut into runs of whole
/// records (`JSONArrayRuns`), each run decoded and checked on its own. The result is what the
/// one-piece decoding gives: the same issues in order, or, for a bad record, the error of the
/// first one; any text the runs cannot decode gives nil, and the caller decodes it whole for the
/// decoder's own message.
enum ParallelIssueDecoding {
    /// Below this, one core is quick enough.
    static let minimumBytes = 1 << 20

    static func records(
        in data: Data, progress: @Sendable (Int, Int) -> Void
    ) throws(TrackerError) -> [ParsedRecord]? {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard data.count >= minimumBytes, cores > 1 else { return nil }
        let cut: [Data]? = data.withUnsafeBytes { bytes in
            JSONArrayRuns.ranges(in: bytes, count: cores * 4, minimumLength: minimumBytes / 4).map { ranges in
                ranges.map { range in Data("[".utf8) + Data(bytes[range]) + Data("]".utf8) }
            }
        }
        guard var runs = cut, runs.count > 1 else { return nil }
        let decoded = Mutex<[[ImportRecord]?]>(Array(repeating: nil, count: runs.count))
        DispatchQueue.concurrentPerform(iterations: runs.count) { [runs] run in
            let records = try? JSONDecoder().decode([ImportRecord].self, from: runs[run])
            decoded.withLock { $0[run] = records }
        }
        runs.removeAll()
        let runRecords = decoded.withLock { $0 }
        guard runRecords.allSatisfy({ $0 != nil }) else { return nil }
        let total = runRecords.reduce(0) { $0 + ($1?.count ?? 0) }
        var firstIndex = 0
        let offsets = runRecords.map { records in
            defer { firstIndex += records?.count ?? 0 }
            return firstIndex
        }
        let checked = Mutex<[Result<[ParsedRecord], TrackerError>?]>(Array(repeating: nil, count: runRecords.count))
        let done = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: runRecords.count) { run in
            let result = Result { () throws(TrackerError) -> [ParsedRecord] in
                var parsed: [ParsedRecord] = []
                for (position, record) in (runRecords[run] ?? []).enumerated() {
                    parsed.append(try IssueImportParser.record(from: record, at: offsets[run] + position + 1))
                }
                return parsed
            }
            checked.withLock { $0[run] = result }
            done.withLock { count in
                count += runRecords[run]?.count ?? 0
                progress(count, total)
            }
        }
        var parsed: [ParsedRecord] = []
        parsed.reserveCapacity(total)
        for result in checked.withLock({ $0 }) {
            switch result {
            case .success(let run)?: parsed += run
            case .failure(let error)?: throw error
            case nil: return nil
            }
        }
        return parsed
    }
}
