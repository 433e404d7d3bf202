import Foundation
import Postgres
import Testing

/// libpq quotes the connection string it cannot read; no part of a password may reach a message.
@Suite struct SettingsRedactionTests {
    /// A malformed setting, the words that say what is wrong, and the password pieces that must not show.
    static let malformed: [(settings: String, says: String, secrets: [String])] = [
        ("postgresql://alice:TopSecret@[::1/tracker", "IPv6", ["TopSecret", "Secret"]),
        ("postgresql://alice:S3cr%ZZet@localhost/x", "percent-encoded", ["S3cr", "ZZet"]),
        ("postgresql://alice:TopSecret@[::1]x/db", "unexpected character", ["TopSecret", "Secret"]),
        ("postgresql://h/x?password=Top%00Secret", "forbidden value", ["Top%00", "Secret"]),
        ("host=localhost password=Top Secret dbname=x", "missing \"=\"", ["Secret"]),
        ("host=localhost password='TopSecret", "unterminated", ["TopSecret"]),
        ("postgresql://alice:Top\"Secret@[::1/x", "IPv6", ["Secret", "Top\""]),
        // A combining mark joins the `:` or `"` before it into one Character; libpq reads bytes.
        ("postgresql://alice:\u{301}TopSecret@[::1/tracker", "IPv6", ["TopSecret", "Secret"]),
        ("postgresql://alice:Top\"\u{301}Secret@[::1/x", "IPv6", ["Secret", "Top\""]),
        ("host=localhost password=\u{301}Top Secret dbname=x", "missing \"=\"", ["Secret"]),
    ]

    @Test(arguments: malformed)
    func aMalformedSettingSaysWhatIsWrongWithoutThePassword(
        _ example: (settings: String, says: String, secrets: [String])
    ) {
        #expect {
            try Connection.validate(example.settings)
        } throws: { error in
            guard let error = error as? PostgresError, error.kind == .invalidSettings else { return false }
            let leaked = example.secrets.filter { error.description.contains($0) }
            #expect(leaked.isEmpty, "\(error.description)")
            #expect(error.message.contains(example.says), "\(error.message)")
            return true
        }
        for secret in example.secrets { #expect(!Connection.redacted(example.settings).contains(secret)) }
    }

    @Test func theWholeURLIsQuotedWithThePasswordMasked() {
        #expect {
            try Connection.validate("postgresql://alice:TopSecret@[::1/tracker")
        } throws: { error in
            (error as? PostgresError)?.message
                == "end of string reached when looking for matching \"]\" in IPv6 host address in URI: "
                + "\"postgresql://alice:***@[::1/tracker\""
        }
    }

    /// libpq reads a password only up to the first `@` (or not at all past a `/`), and then quotes
    /// the rest as a host name or port when it connects.
    @Test(arguments: [
        "postgresql://alice:Top@Secret@127.0.0.1:1/x", "postgresql://alice:Top/Secret@127.0.0.1:1/x",
    ])
    func aConnectErrorShowsNoPartOfAPasswordLibpqMisread(_ settings: String) {
        #expect {
            try Connection(settings: settings, connectTimeout: 2)
        } throws: { error in
            guard let error = error as? PostgresError, error.kind == .connection else { return false }
            #expect(!error.description.contains("Secret") && !error.description.contains("Top"), "\(error)")
            return true
        }
    }

    @Test func aMessageWithoutAPasswordIsLeftAlone() {
        #expect {
            try Connection.validate("postgresql://u@h/db?no_such_option=1")
        } throws: { error in
            (error as? PostgresError)?.message == "invalid URI query parameter: \"no_such_option\""
        }
    }
}
