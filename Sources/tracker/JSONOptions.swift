import ArgumentParser
import Interchange
import LineFront
import TrackerCore

/// `--json [FIELDS]`, `--jq EXPR` and `--template TEXT`, as gh takes them, for every command that
/// prints a JSON document (`watch` prints JSON Lines and takes `--json` only). The document is
/// pretty on a terminal and on one line for a program (`ProgramOutput`); `--jq` and `--template`
/// format it instead (`JSONTransform`).
struct JSONOptions: ParsableArguments {
    @Flag(help: "Print JSON: pretty on a terminal, one line for a program (--json FIELDS: only those fields).")
    var json = false

    @Option(name: .customLong("json-fields"), help: .hidden)
    var jsonFields: String?

    @Option(
        name: [.customShort("q"), .customLong("jq")],
        help: "Filter the JSON with a jq expression, as gh's --jq (runs the jq program).")
    var jq: String?

    @Option(help: "Format the JSON with a Go template, as gh's --template: {{.title}}, {{range .}}, tablerow.")
    var template: String?

    func validate() throws {
        if jq != nil && template != nil { throw ValidationError("give --jq or --template, not both") }
        if (jq != nil || template != nil) && !json {
            throw ValidationError("--jq and --template format the JSON output: add --json (or --json FIELDS)")
        }
    }

    /// What `--jq` or `--template` asks for, checked before anything is read or written: the
    /// template parsed, the jq program found.
    func transform(environment: [String: String]) throws -> JSONTransform? {
        if let template { return .template(try Template(template)) }
        if let jq { return .jq(jq, program: try JSONTransform.jqProgram(environment: environment)) }
        return nil
    }

    /// `--json FIELDS` of a command whose objects are named by `available`: nil for every field.
    func fields(available: [String]) throws -> JSONFieldList? {
        try JSONFieldList.selection(jsonFields, available: available)
    }
}
