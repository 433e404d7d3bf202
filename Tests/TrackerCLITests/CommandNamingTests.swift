import ArgumentParser
import Testing

@testable import tracker

/// A command without `commandName` is named by `String(describing:)` of its type on every run, a scan of
/// every protocol conformance in the binary: ten of them cost 3 ms of each start-up.
@Suite struct CommandNamingTests {
    @Test func everyCommandNamesItselfSoStartUpNeedsNoReflection() {
        var unnamed: [String] = []
        var pending: [any ParsableCommand.Type] = [Tracker.self]
        while let command = pending.popLast() {
            if command.configuration.commandName == nil { unnamed.append("\(command)") }
            pending += command.configuration.subcommands
        }
        #expect(unnamed.isEmpty, "give these a commandName: \(unnamed.sorted())")
    }
}
