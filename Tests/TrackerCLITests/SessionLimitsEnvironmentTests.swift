import Postgres
import Testing
import TrackerCore

@testable import tracker

/// `TRACKER_CONNECT_TIMEOUT` and `TRACKER_STATEMENT_TIMEOUT` over the standard limits; a
/// statement timeout never turns into PostgreSQL's "no limit" (0 ms) by rounding.
@Suite struct SessionLimitsEnvironmentTests {
    @Test func limitsComeFromTheEnvironmentAndRefuseNonsense() throws {
        let limits = try SessionLimits.from(environment: [
            "TRACKER_CONNECT_TIMEOUT": "2", "TRACKER_STATEMENT_TIMEOUT": "1.5",
        ])
        #expect(limits == SessionLimits(connectTimeout: 2, statementTimeoutMilliseconds: 1500))
        #expect(try SessionLimits.from(environment: [:]) == .standard)
        #expect(throws: TrackerError.self) { try SessionLimits.from(environment: ["TRACKER_CONNECT_TIMEOUT": "soon"]) }
        #expect(throws: TrackerError.self) { try SessionLimits.from(environment: ["TRACKER_STATEMENT_TIMEOUT": "-1"]) }
    }

    @Test(arguments: [("0.0004", 1), ("0.001", 1), ("0.0015", 2), ("0.007", 7), ("1.5", 1500), ("30", 30_000)])
    func anyPositiveTimeoutIsAtLeastOneMillisecond(_ text: String, _ milliseconds: Int) throws {
        let limits = try SessionLimits.from(environment: ["TRACKER_STATEMENT_TIMEOUT": text])
        #expect(limits.statementTimeoutMilliseconds == milliseconds)
    }

    @Test(arguments: ["0", "-1", "0.0", "nan", "inf", "soon", "", "86400", "0x10", "1e3", "+5", " 5", "1.2.3", "."])
    func aNonPositiveOrNonNumberTimeoutIsRefused(_ text: String) {
        #expect {
            try SessionLimits.from(environment: ["TRACKER_STATEMENT_TIMEOUT": text])
        } throws: { error in
            let message = String(describing: error)
            return message.contains("TRACKER_STATEMENT_TIMEOUT") && message.contains("greater than 0")
        }
    }

    @Test func aRefusalNamesTheVariableAndWhatItTakes() {
        #expect(
            throws: TrackerError.invalidInput(
                field: "environment",
                rule: "TRACKER_CONNECT_TIMEOUT must be a whole number of seconds from 1 to 86400; '0' is not")
        ) {
            try SessionLimits.from(environment: ["TRACKER_CONNECT_TIMEOUT": "0"])
        }
    }

    /// Numbers as people write them: Swift's own readings (hexadecimal, exponents, a sign) and
    /// values libpq cannot hold are refused, not taken.
    @Test(arguments: ["0x10", "99999999999", "86401", "+5", "1e3", "5.0", " 5", "-0"])
    func aConnectTimeoutIsWholeDecimalSecondsUpToADay(_ text: String) {
        #expect(throws: TrackerError.self) { try SessionLimits.from(environment: ["TRACKER_CONNECT_TIMEOUT": text]) }
    }
}
