import Foundation
import Interchange
import Synchronization
import Testing
import TrackerCore

@Suite struct StreamedJSONArrayTests {
    final class Chunks: Sendable {
        let all = Mutex<[[UInt8]]>([])
        var text: String { all.withLock { String(decoding: $0.joined(), as: UTF8.self) } }
        var count: Int { all.withLock { $0.count } }
    }

    func issue(_ number: Int64) throws -> TrackerCore.Issue {
        let at = try #require(Timestamp(iso8601: "2024-01-01T00:00:00Z"))
        return TrackerCore.Issue(
            number: try IssueNumber(number), title: String(repeating: "t", count: 200), body: "", state: .open,
            stateReason: nil, author: try Login("alice"), assignees: [], createdAt: at, updatedAt: at, closedAt: nil)
    }

    @Test func anEmptyStreamIsAnEmptyArray() {
        let chunks = Chunks()
        let array = StreamedJSONArray(fields: [.number]) { chunk in chunks.all.withLock { $0.append(chunk) } }
        array.finish()
        #expect(chunks.text == "[]\n")
    }

    @Test func manyIssuesAreOneValidArrayWrittenInBoundedChunks() throws {
        let chunks = Chunks()
        let array = StreamedJSONArray(fields: [.number, .title]) { chunk in chunks.all.withLock { $0.append(chunk) } }
        for number in 1...2_000 { array.append(try issue(Int64(number))) }
        array.finish()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(chunks.text.utf8)) as? [[String: Any]])
        #expect(parsed.map { $0["number"] as? Int } == (1...2_000).map { $0 })
        #expect(chunks.count > 1, "written as it goes, not at the end")
        let largest = chunks.all.withLock { $0.map(\.count).max() ?? 0 }
        #expect(largest < StreamedJSONArray.chunkSize + 1_000)
    }
}
