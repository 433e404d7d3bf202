import Foundation
import Postgres
import Testing

@testable import tracker

/// The driver reports what went wrong with the private cluster; tracker says what to change.
@Suite struct LocalClusterWordingTests {
    @Test func aFolderTooDeepNamesTrackersSettings() {
        let error = LocalClusterError.socketPathTooLong(
            directory: URL(fileURLWithPath: "/deep/folder"), length: 130, room: 107)
        #expect(
            error.trackerWording
                == "its folder /deep/folder is too deep: the socket path inside would be 130 bytes, "
                + "too long for a Unix socket (at most 107); set TRACKER_CLUSTER_DIR (or XDG_DATA_HOME) "
                + "to a shorter folder, e.g. TRACKER_CLUSTER_DIR=~/.tracker-postgres")
    }

    @Test func missingProgramsOfferAnExistingServer() {
        #expect(
            LocalClusterError.programNotFound("initdb").trackerWording
                == "PostgreSQL server programs (initdb) not found: install them with "
                + "'apt-get install postgresql' (Debian/Ubuntu) or 'brew install postgresql@16' (macOS), "
                + "or set DATABASE_URL to use an existing server")
    }

    @Test func rootWithoutAPostgresUserIsToldToRunTrackerAsANormalUser() {
        #expect(
            LocalClusterError.noServerAccount.trackerWording
                == "running as root, but PostgreSQL refuses to run as root and there is no 'postgres' "
                + "user: install the postgresql package or run tracker as a normal user")
    }

    @Test func otherFailuresReadAsTheDriverSaysThem() {
        #expect(LocalClusterError.failed("pg_ctl start failed: boom").trackerWording == "pg_ctl start failed: boom")
    }
}
