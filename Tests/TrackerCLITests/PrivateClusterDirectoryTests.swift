import Foundation
import Testing

@testable import tracker

/// Where tracker keeps its private PostgreSQL, and what it names the database and superuser.
@Suite struct PrivateClusterDirectoryTests {
    @Test func anExplicitFolderWinsOverEverythingElse() {
        let directory = PrivateCluster.directory(environment: [
            "TRACKER_CLUSTER_DIR": "/srv/issues", "XDG_DATA_HOME": "/data", "HOME": "/home/ada",
        ])
        #expect(directory.path == "/srv/issues")
    }

    @Test func emptyVariablesAreIgnored() {
        let directory = PrivateCluster.directory(environment: [
            "TRACKER_CLUSTER_DIR": "", "XDG_DATA_HOME": "/data", "HOME": "/home/ada",
        ])
        #expect(directory.path == "/data/tracker/postgres")
    }

    @Test func otherwiseTheHomeFolderOrAsRootASystemFolder() {
        let directory = PrivateCluster.directory(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ada"])
        let expected = getuid() == 0 ? "/var/lib/tracker/postgres" : "/home/ada/.local/share/tracker/postgres"
        #expect(directory.path == expected)
    }

    @Test func theClusterHoldsTheTrackerDatabaseOwnedByTheTrackerRole() throws {
        let cluster = try PrivateCluster.cluster(environment: ["TRACKER_CLUSTER_DIR": "/srv/issues"])
        #expect(cluster.directory.path == "/srv/issues")
        #expect(cluster.databaseName == "tracker")
        #expect(cluster.superuser == "tracker")
        #expect(!cluster.ephemeral)
        #expect(cluster.pooled, "pgbouncer runs beside it unless TRACKER_POOLER=off")
    }

    @Test func trackerPoolerIsOnOrOff() throws {
        let base = ["TRACKER_CLUSTER_DIR": "/srv/issues"]
        #expect(try PrivateCluster.cluster(environment: base.merging(["TRACKER_POOLER": "on"]) { $1 }).pooled)
        #expect(try !PrivateCluster.cluster(environment: base.merging(["TRACKER_POOLER": "off"]) { $1 }).pooled)
        #expect {
            try PrivateCluster.cluster(environment: base.merging(["TRACKER_POOLER": "no"]) { $1 })
        } throws: { error in
            "\(error)".contains("TRACKER_POOLER must be on or off; 'no' is not")
        }
    }

    @Test func anEmptyServerProgramFolderIsIgnoredNotTheCurrentDirectory() {
        #expect(PrivateCluster.programs(environment: ["TRACKER_PG_BINDIR": ""]).firstFolders.isEmpty)
        #expect(PrivateCluster.programs(environment: ["TRACKER_PG_BINDIR": "/opt/pg"]).firstFolders == ["/opt/pg"])
    }
}
