import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// `StatementProof`: a check carried in a `WITH` in front of a connection's first statement,
/// costing no statement of its own; its explanation runs only when a flight fails as it might.
@Suite struct StatementProofTests {
    static let explanation = Statement("SELECT proof_explained()")

    func database(proving function: String) async throws -> (Database, settings: String) {
        let settings = try await TestPostgres.shared.emptyDatabase()
        try Connection(settings: settings).execute(
            """
            CREATE FUNCTION proof_explained() RETURNS integer LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'explained' USING ERRCODE = 'TS999'; END $$;
            CREATE FUNCTION proof_present() RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT 1';
            CREATE TABLE counted (n integer);
            """)
        let proof = StatementProof(call: "public.\(function)()", explanation: StatementProofTests.explanation)
        return (Database(settings: settings, proof: proof), settings)
    }

    @Test func aPresentProofChangesNothingTheStatementReturnsOrWrites() async throws {
        let (database, _) = try await database(proving: "proof_present")
        let rows = try await database.withConnection { connection in
            try connection.query("SELECT g FROM generate_series(1, 3) AS g").rows.map { try $0.decode(0) as Int }
        }
        #expect(rows == [1, 2, 3])
        try await database.transaction { connection in
            connection.send("INSERT INTO counted VALUES (1), (2)")
            connection.send(
                "WITH RECURSIVE r (n) AS (SELECT 3 UNION ALL SELECT n + 1 FROM r WHERE n < 4) INSERT INTO counted SELECT n FROM r"
            )
        }
        let count = try await database.withConnection {
            try $0.query("SELECT count(*) FROM counted").rows[0].decode(0) as Int
        }
        #expect(count == 4)
    }

    @Test func aMissingProofFailsTheFirstStatementAndIsExplained() async throws {
        let (database, settings) = try await database(proving: "proof_missing")
        let thrown = await #expect(throws: PostgresError.self) {
            try await database.transaction { connection in connection.send("INSERT INTO counted VALUES (1)") }
        }
        #expect(thrown?.sqlState == "TS999", "the explanation's error: \(String(describing: thrown))")
        #expect(try Connection(settings: settings).query("SELECT count(*) FROM counted").rows[0].decode(0) as Int == 0)
        var streamed = 0
        let again = await #expect(throws: PostgresError.self) {
            try await database.withConnection { connection in
                try connection.streamInOneFlight("SELECT g FROM generate_series(1, 3) AS g") { _ in streamed += 1 }
            }
        }
        #expect(again?.sqlState == "TS999" && streamed == 0, "a stream carries it too")
    }

    @Test func statementsThatTakeAWithCarryIt() {
        let proof = StatementProof(call: "s.f()", explanation: StatementProofTests.explanation)
        #expect(proof.carried(by: "SELECT 1") == "WITH tracker_proof AS (SELECT s.f()) SELECT 1")
        #expect(
            proof.carried(by: "\n  insert\tINTO t VALUES (1)")
                == "WITH tracker_proof AS (SELECT s.f()) insert\tINTO t VALUES (1)")
        #expect(
            proof.carried(by: "WITH a AS (SELECT 1) SELECT * FROM a")
                == "WITH tracker_proof AS (SELECT s.f()), a AS (SELECT 1) SELECT * FROM a")
        #expect(
            proof.carried(by: "with recursive a (n) AS (SELECT 1) SELECT * FROM a")
                == "WITH RECURSIVE tracker_proof AS (SELECT s.f()), a (n) AS (SELECT 1) SELECT * FROM a")
        #expect(proof.carried(by: "WITHOUT 1") == nil)
        for refused in ["BEGIN", "COMMIT", "COPY t FROM STDIN", "SET x = 1", "SELECT", "", "-- SELECT 1\nSELECT 1"] {
            #expect(proof.carried(by: refused) == nil, "\(refused)")
        }
    }
}
