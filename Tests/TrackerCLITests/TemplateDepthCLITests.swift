import Foundation
import Testing
import TrackerTestSupport

/// A `--template` nested thousands deep ended tracker by SIGSEGV (issue 44); past the limit it is
/// a usage error, as any other mistake in a template.
@Suite struct TemplateDepthCLITests {
    @Test func thousandsOfNestedGroupsOrBlocksAreRefusedInOneLine() async throws {
        let tracker = try await CLITests.tracker()
        let created = try tracker.run(["create", "-t", "Nested"])
        #expect(created.status == 0, "\(created.stderr)")
        let parentheses =
            "{{" + String(repeating: "(", count: 3_000) + "1" + String(repeating: ")", count: 3_000) + "}}"
        let blocks = String(repeating: "{{if true}}", count: 5_000) + "x" + String(repeating: "{{end}}", count: 5_000)
        for template in [parentheses, blocks] {
            let refused = try tracker.run(["list", "--json", "number", "--template", template])
            #expect(refused.status == 64, "\(refused.status): \(refused.stderr)")
            #expect(
                refused.stderr
                    == "tracker: invalid --template: blocks and parentheses nest more than 100 deep; write it flatter\n"
            )
            #expect(refused.stdout.isEmpty)
        }
        let shallow =
            String(repeating: "{{if true}}", count: 99) + "{{range .}}{{.number}}{{end}}"
            + String(repeating: "{{end}}", count: 99)
        let allowed = try tracker.run(["list", "--json", "number", "--template", shallow])
        #expect(allowed.status == 0 && allowed.stdout == "1", "\(allowed.stdout) \(allowed.stderr)")
    }
}
