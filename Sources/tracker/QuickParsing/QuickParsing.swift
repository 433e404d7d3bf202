import ArgumentParser

/// The hottest one-shot commands read without swift-argument-parser (issue 34). Its parse builds
/// each command's argument set by reflection (`Mirror`, and a protocol-conformance scan of the
/// whole binary for every property wrapper's type): about 21 M of `tracker list`'s 45 M
/// instructions. A line these commands write plainly (`QuickLine`) is read here into the same
/// command value the parser would make, every property set, and validated as the parser validates
/// it (each option group, then the command); any other line (help, completions, an option spelled
/// another way, a value that starts with a dash, anything a validation refuses) gives nil and goes
/// to `RootParsing`, so every message and help text stays swift-argument-parser's.
/// `QuickParsingTests` holds every command here to the parser's own result, line by line.
enum QuickParsing {
    /// The commands read here.
    static let commands: [any QuicklyRead.Type] = [
        ListCommand.self, ShowCommand.self, StatusCommand.self, CreateCommand.self, AssignCommand.self,
        UnassignCommand.self, CloseCommand.self, ReopenCommand.self,
    ]

    /// The command a plain line of one of `commands` names, or nil for swift-argument-parser.
    static func command(_ arguments: [String]) -> (any AsyncParsableCommand)? {
        guard let word = arguments.first, let type = commands.first(where: { $0.quickNames.contains(word) }) else {
            return nil
        }
        return read(arguments.dropFirst(), as: type)
    }

    private static func read<Command: QuicklyRead>(_ arguments: ArraySlice<String>, as _: Command.Type) -> Command? {
        guard arguments.allSatisfy(RootParsing.cannotAskForHelpOrCompletions),
            let line = QuickLine(arguments, options: Command.quickOptions, positionals: Command.quickPositionals),
            let command = Command(quick: line)
        else { return nil }
        do {
            try command.validateAsTheParserDoes()
        } catch {
            return nil
        }
        return command
    }
}

/// A command `QuickParsing` reads: its options (its option groups' too), how many positional
/// words it takes, and the command made from a line, every property set.
protocol QuicklyRead: AsyncParsableCommand {
    /// The command's name and aliases, as its configuration says them (`QuickParsingTests`), kept
    /// apart so that finding `show` builds no other command's configuration (`list`'s: 0.3 M).
    static var quickNames: [String] { get }
    static var quickOptions: [QuickOption] { get }
    static var quickPositionals: ClosedRange<Int> { get }
    init?(quick line: QuickLine)
    /// The command's option groups in the order declared, which the parser validates in turn
    /// before the command itself.
    var quickGroups: [any ParsableArguments] { get }
}

extension QuicklyRead {
    func validateAsTheParserDoes() throws {
        for var group in quickGroups { try group.validate() }
        var command = self
        try command.validate()
    }
}

extension GlobalOptions {
    static let quickOptions: [QuickOption] = [
        .value("--database-url"), .value("--project", "-R"), .value("--as"), .flag("--no-pager"), .flag("--verbose"),
    ]

    init(quick line: QuickLine) {
        self.init()
        databaseURL = line.value("--database-url")
        project = line.value("--project")
        actingLogin = line.value("--as")
        noPager = line.flag("--no-pager")
        verbose = line.flag("--verbose")
    }
}

extension JSONOptions {
    static let quickOptions: [QuickOption] = [
        .flag("--json"), .value("--json-fields"), .value("--jq", "-q"), .value("--template"),
    ]

    init(quick line: QuickLine) {
        self.init()
        json = line.flag("--json")
        jsonFields = line.value("--json-fields")
        jq = line.value("--jq")
        template = line.value("--template")
    }
}
