import Postgres
import Testing

/// `TRACKER_STATEMENT_TIMEOUT` never turns into PostgreSQL's "no limit" (0 ms) by rounding.
@Suite struct SessionLimitsTests {
    @Test(arguments: [("0.0004", 1), ("0.001", 1), ("0.0015", 2), ("0.007", 7), ("1.5", 1500), ("30", 30_000)])
    func anyPositiveTimeoutIsAtLeastOneMillisecond(_ text: String, _ milliseconds: Int) throws {
        let limits = try SessionLimits.from(environment: ["TRACKER_STATEMENT_TIMEOUT": text])
        #expect(limits.statementTimeoutMilliseconds == milliseconds)
    }

    @Test(arguments: ["0", "-1", "0.0", "nan", "inf", "soon", "", "86400"])
    func aNonPositiveOrNonNumberTimeoutIsRefused(_ text: String) {
        #expect {
            try SessionLimits.from(environment: ["TRACKER_STATEMENT_TIMEOUT": text])
        } throws: { error in
            let message = (error as? PostgresError)?.message ?? ""
            return message.contains("TRACKER_STATEMENT_TIMEOUT") && message.contains("greater than 0")
        }
    }
}
