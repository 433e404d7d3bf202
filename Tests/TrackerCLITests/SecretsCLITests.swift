import Foundation
import Testing
import TrackerTestSupport

/// A malformed database URL is refused with what is wrong, and never with any part of its password.
@Suite struct SecretsCLITests {
    static let urls: [(url: String, secrets: [String])] = [
        ("postgresql://alice:TopSecret@[::1/tracker", ["TopSecret", "Secret"]),
        ("postgresql://alice:S3cr%ZZet@localhost/x", ["S3cr", "ZZet"]),
        ("postgresql://alice:TopSecret@[::1]x/db", ["TopSecret", "Secret"]),
        ("postgresql://localhost/x?password=Top%00Secret", ["Top%00", "Secret"]),
        ("host=localhost password=Top Secret dbname=x", ["Secret"]),
    ]

    @Test(arguments: urls)
    func aMalformedURLIsRefusedWithoutItsPassword(_ example: (url: String, secrets: [String])) throws {
        let byFlag = try TrackerProcess(databaseSettings: nil).run(["--database-url", example.url, "list", "--verbose"])
        let byEnvironment = try TrackerProcess(databaseSettings: example.url).run(["list", "--verbose"])
        for outcome in [byFlag, byEnvironment] {
            #expect(outcome.status == 65)
            #expect(
                outcome.stderr.contains("database URL") && outcome.stderr.contains("malformed"), "\(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
            for secret in example.secrets {
                #expect(!(outcome.stderr + outcome.stdout).contains(secret), "\(outcome.stderr)")
            }
        }
    }

    @Test func aPasswordLibpqMisreadsIsNotShownWhenConnecting() throws {
        var tracker = TrackerProcess(databaseSettings: "postgresql://alice:Top@Secret@127.0.0.1:1/x")
        tracker.environment["TRACKER_CONNECT_TIMEOUT"] = "2"
        let outcome = try tracker.run(["list", "--verbose"])
        #expect(outcome.status == 69)
        #expect(!(outcome.stderr + outcome.stdout).contains("Secret"), "\(outcome.stderr)")
    }
}
