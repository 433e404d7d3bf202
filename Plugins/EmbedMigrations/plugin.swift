import Foundation
import PackagePlugin

/// Turns the numbered SQL files in the package's top-level `Migrations/` folder into Swift
/// source, so the built binary carries its migrations and works from any directory.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let migrations = context.package.directoryURL.appending(path: "Migrations")
        let sqlFiles = try FileManager.default
            .contentsOfDirectory(at: migrations, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(sqlFiles.count) migrations",
                executable: try context.tool(named: "MigrationEmbedder").url,
                arguments: [output.path] + sqlFiles.map(\.path),
                inputFiles: sqlFiles,
                outputFiles: [output]
            )
        ]
    }
}
