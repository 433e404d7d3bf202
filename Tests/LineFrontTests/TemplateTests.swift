import Interchange
import Testing
import TrackerCore

@testable import LineFront

/// `--template`'s Go-template subset (README lists it), on documents as the commands write them.
@Suite struct TemplateTests {
    let issues: JSONValue = [
        ["number": 2, "title": "Crash", "labels": [["name": "bug"], ["name": "p1"]], "milestone": nil],
        ["number": 1, "title": "Typo", "labels": [], "milestone": ["title": "v1.0"]],
    ]

    func render(_ source: String, _ value: JSONValue? = nil, forProgram: Bool = true) throws -> String {
        try Template(source).render(value ?? issues, forProgram: forProgram)
    }

    @Test func fieldsRangesAndConditions() throws {
        #expect(try render("{{range .}}#{{.number}} {{.title}}\n{{end}}") == "#2 Crash\n#1 Typo\n")
        #expect(try render("{{range .}}{{with .milestone}}{{.title}}{{else}}-{{end}} {{end}}") == "- v1.0 ")
        #expect(try render("{{range .}}{{if .labels}}L{{else if .milestone}}M{{else}}N{{end}}{{end}}") == "LM")
        #expect(try render("{{range .}}{{.milestone.title}}|{{end}}") == "|v1.0|")
        #expect(try render("{{range .}}x{{else}}none{{end}}", []) == "none")
        #expect(try render("{{- \"a\" -}}  \n  {{- \"b\"}}") == "ab")
        #expect(try render("{{/* a comment */}}{{len .}}") == "2")
    }

    @Test func functionsAndPipelines() throws {
        #expect(try render("{{range .}}{{join \", \" (pluck \"name\" .labels)}};{{end}}") == "bug, p1;;")
        #expect(try render("{{range .}}{{.title | upper}}{{end}}") == "CRASHTYPO")
        #expect(try render("{{printf \"%d issues, %s\" (len .) \"ok\"}}") == "2 issues, ok")
        #expect(try render("{{(index . 1).title}}") == "Typo")
        #expect(try render("{{index . 0 \"title\"}}") == "Crash")
        #expect(try render("{{truncate 3 \"abcdef\"}}").count <= 3)
        #expect(try render("{{if eq (len .) 2}}two{{end}}{{if not false}}!{{end}}") == "two!")
        #expect(
            try render("{{timeago \"2024-01-01T00:00:00Z\"}}", [], forProgram: true).hasSuffix("ago"))
    }

    @Test func tablerowLinesUpForAPersonAndTabsForAProgram() throws {
        let source = "{{range .}}{{tablerow .number .title}}{{end}}"
        #expect(try render(source, forProgram: true) == "2\tCrash\n1\tTypo\n")
        #expect(try render(source, forProgram: false) == "2  Crash\n1  Typo\n")
        let rendered = try render(
            "{{tablerow \"a\" \"b\"}}{{tablerender}}x\n{{tablerow \"c\" \"d\"}}", forProgram: true)
        #expect(rendered == "a\tb\nx\nc\td\n")
    }

    @Test func mistakesAreUsageErrorsOnTemplate() {
        for source in ["{{.title", "{{range .}}", "{{end}}", "{{nope}}", "{{\"open}}", "{{.a | }}", "{{(len .}}"] {
            #expect(throws: TrackerError.self, "\(source)") { try Template(source) }
        }
        do {
            _ = try Template("{{nope}}")
            Testing.Issue.record("{{nope}} was accepted")
        } catch {
            guard case .invalidInput(let field, _) = error else {
                Testing.Issue.record("\(error)")
                return
            }
            #expect(field == "--template")
        }
        #expect(throws: TrackerError.self) { try render("{{range .title}}{{end}}", ["title": "x"]) }
        #expect(throws: TrackerError.self) { try render("{{len 3}}") }
    }

    /// Each level is a call deeper in the parser and the evaluator: thousands ran out of stack.
    @Test func nestingPastTheLimitIsAUsageErrorNotACrash() throws {
        func group(_ depth: Int) -> String {
            String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        }
        func ifs(_ depth: Int, around inside: String = "x") -> String {
            String(repeating: "{{if true}}", count: depth) + inside + String(repeating: "{{end}}", count: depth)
        }
        let limit = Template.maximumDepth
        #expect(try render("{{\(group(limit))}}") == "1")
        #expect(try render(ifs(limit)) == "x")
        #expect(try render(ifs(limit / 2, around: "{{\(group(limit / 2))}}")) == "1")
        let tooDeep = [
            "{{\(group(limit + 1))}}", ifs(limit + 1), ifs(limit / 2, around: "{{\(group(limit / 2 + 1))}}"),
            "{{range .}}\(ifs(limit)){{end}}", "{{\(group(3_000))}}", ifs(5_000),
        ]
        for source in tooDeep {
            #expect(throws: Template.tooDeep, "\(source.prefix(40))") { try Template(source) }
        }
        #expect(
            Template.tooDeep.description
                == "invalid --template: blocks and parentheses nest more than 100 deep; write it flatter")
    }

    @Test func theEvaluatorRefusesATreeDeeperThanTheLimitToo() {
        var nodes: [TemplateNode] = [.text("x")]
        for _ in 0...Template.maximumDepth { nodes = [.choice(branches: [], otherwise: nodes)] }
        var run = TemplateRun(forProgram: true, now: .now())
        #expect(throws: Template.tooDeep) { try run.evaluate(nodes, dot: .null, depth: 0) }
        #expect(run.output.isEmpty)
    }
}
