import ArgumentParser
import TrackerCore

/// Each hot command's options as `QuickLine` reads them, beside their declarations' names and
/// defaults (`QuickParsingTests` compares every command made here with the parser's).
extension ListCommand: QuicklyRead {
    static let quickNames = ["list"]
    static let quickOptions: [QuickOption] =
        [
            .value("--state", "-s"), .value("--assignee", "-a"), .flag("--no-assignee"), .value("--author", "-A"),
            .value("--mention"), .values("--label", "-l"), .value("--milestone", "-m"), .value("--search", "-S"),
            .value("--sort"), .flag("--overdue"), .value("--parent"), .flag("--blocked"), .flag("--ready"),
            .flag("--asc"), .value("--limit", "-L"), .value("--after"), .flag("--all-projects"),
        ] + JSONOptions.quickOptions + GlobalOptions.quickOptions
    static let quickPositionals = 0...0

    init?(quick line: QuickLine) {
        guard let limit = line.integer("--limit", else: IssueFilter.defaultLimit) else { return nil }
        self.init()
        state = line.value("--state") ?? StateFilter.open.rawValue
        assignee = line.value("--assignee")
        noAssignee = line.flag("--no-assignee")
        author = line.value("--author")
        mention = line.value("--mention")
        labels = line.values("--label")
        milestone = line.value("--milestone")
        search = line.value("--search")
        sort = line.value("--sort") ?? IssueSort.created.rawValue
        overdue = line.flag("--overdue")
        parent = line.value("--parent")
        blocked = line.flag("--blocked")
        ready = line.flag("--ready")
        ascending = line.flag("--asc")
        self.limit = limit
        after = line.value("--after")
        allProjects = line.flag("--all-projects")
        output = JSONOptions(quick: line)
        global = GlobalOptions(quick: line)
    }

    var quickGroups: [any ParsableArguments] { [output, global] }
}

extension ShowCommand: QuicklyRead {
    static let quickNames = ["show", "view"]
    static let quickOptions: [QuickOption] =
        [.flag("--comments"), .flag("--history")] + JSONOptions.quickOptions + GlobalOptions.quickOptions
    static let quickPositionals = 1...1

    init?(quick line: QuickLine) {
        self.init()
        number = line.positionals[0]
        output = JSONOptions(quick: line)
        comments = line.flag("--comments")
        history = line.flag("--history")
        global = GlobalOptions(quick: line)
    }

    var quickGroups: [any ParsableArguments] { [output, global] }
}

extension StatusCommand: QuicklyRead {
    static let quickNames = ["status"]
    static let quickOptions: [QuickOption] =
        [.value("--limit", "-L")] + JSONOptions.quickOptions + GlobalOptions.quickOptions
    static let quickPositionals = 0...0

    init?(quick line: QuickLine) {
        guard let limit = line.integer("--limit", else: IssueStatus.defaultLimit) else { return nil }
        self.init()
        self.limit = limit
        output = JSONOptions(quick: line)
        global = GlobalOptions(quick: line)
    }

    var quickGroups: [any ParsableArguments] { [output, global] }
}

extension CreateCommand: QuicklyRead {
    static let quickNames = ["create"]
    static let quickOptions: [QuickOption] =
        [
            .value("--title", "-t"), .flag("--recover"), .value("--body", "-b"), .value("--body-file", "-F"),
            .values("--assignee", "-a"), .values("--label", "-l"), .value("--milestone", "-m"), .value("--priority"),
            .value("--due"), .value("--parent"), .flag("--editor", "-e"),
        ] + JSONOptions.quickOptions + GlobalOptions.quickOptions
    static let quickPositionals = 0...0

    init?(quick line: QuickLine) {
        self.init()
        title = line.value("--title")
        recover = line.flag("--recover")
        body = line.value("--body")
        bodyFile = line.value("--body-file")
        assignees = line.values("--assignee")
        labels = line.values("--label")
        milestone = line.value("--milestone")
        priority = line.value("--priority")
        due = line.value("--due")
        parent = line.value("--parent")
        usesEditor = line.flag("--editor")
        output = JSONOptions(quick: line)
        global = GlobalOptions(quick: line)
    }

    var quickGroups: [any ParsableArguments] { [output, global] }
}

extension AssignCommand: QuicklyRead {
    static let quickNames = ["assign"]
    static let quickOptions = GlobalOptions.quickOptions
    static let quickPositionals = 0...Int.max

    init?(quick line: QuickLine) {
        self.init()
        words = line.positionals
        global = GlobalOptions(quick: line)
    }

    var quickGroups: [any ParsableArguments] { [global] }
}

extension UnassignCommand: QuicklyRead {
    static let quickNames = ["unassign"]
    static let quickOptions = [.flag("--all")] + GlobalOptions.quickOptions
    static let quickPositionals = 0...Int.max

    init?(quick line: QuickLine) {
        self.init()
        words = line.positionals
        all = line.flag("--all")
        global = GlobalOptions(quick: line)
    }

    var quickGroups: [any ParsableArguments] { [global] }
}

extension CloseCommand: QuicklyRead {
    static let quickNames = ["close"]
    static let quickOptions: [QuickOption] =
        [.value("--reason", "-r"), .value("--comment", "-c"), .value("--duplicate-of")] + GlobalOptions.quickOptions
    static let quickPositionals = 1...Int.max

    init?(quick line: QuickLine) {
        self.init()
        numbers = line.positionals
        reason = line.value("--reason") ?? StateReason.completed.rawValue
        comment = line.value("--comment")
        duplicateOf = line.value("--duplicate-of")
        global = GlobalOptions(quick: line)
    }

    var quickGroups: [any ParsableArguments] { [global] }
}

extension ReopenCommand: QuicklyRead {
    static let quickNames = ["reopen"]
    static let quickOptions = GlobalOptions.quickOptions
    static let quickPositionals = 1...Int.max

    init?(quick line: QuickLine) {
        self.init()
        numbers = line.positionals
        global = GlobalOptions(quick: line)
    }

    var quickGroups: [any ParsableArguments] { [global] }
}
