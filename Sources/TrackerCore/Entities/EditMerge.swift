/// An edit written on a version of an issue someone else has since changed, merged with theirs:
/// the person's title and body over the version now saved, from the version they read (a
/// three-way merge on lines; the title is one line). What both changed differently is for the
/// person to choose.
public struct EditMerge: Equatable, Sendable {
    /// The person's choices where both changed the text differently.
    public struct Choices: Equatable, Sendable {
        /// For the title, when both changed it differently (`.both` keeps the person's).
        public var title: ThreeWayMerge.Choice?
        /// One per conflict of the body, in order.
        public var body: [ThreeWayMerge.Choice]

        public init(title: ThreeWayMerge.Choice? = nil, body: [ThreeWayMerge.Choice] = []) {
            self.title = title
            self.body = body
        }
    }

    public let conflict: EditConflict
    public let typed: TypedText
    public let body: ThreeWayMerge.Result

    public init(_ conflict: EditConflict, typed: TypedText) {
        self.conflict = conflict
        self.typed = typed
        body = ThreeWayMerge.merge(base: conflict.read.body, mine: typed.body, theirs: conflict.current.body)
    }

    /// Both changed the title, to different titles.
    public var titleConflicts: Bool {
        let read = conflict.read.title
        return typed.title != read && conflict.current.title != read && typed.title != conflict.current.title
    }

    public var isClean: Bool { !titleConflicts && body.isClean }

    /// The text the choices make, and whether they drop some of what the person typed (then
    /// their text is saved as a version of its own first, so the history keeps it).
    public func resolved(_ choices: Choices) -> (text: TypedText, dropsTyped: Bool) {
        let read = conflict.read.title
        let theirsTitle = titleConflicts && choices.title == .theirs
        let title = theirsTitle || typed.title == read ? conflict.current.title : typed.title
        let regions = body.conflicts
        let body = body.text { region in
            choices.body.indices.contains(region.index) ? choices.body[region.index] : .mine
        }
        let dropsBody = regions.contains { region in
            choices.body.indices.contains(region.index) && choices.body[region.index] == .theirs
        }
        return (TypedText(title: title, body: body), theirsTitle || dropsBody)
    }
}

/// A title and body as a person typed them.
public struct TypedText: Equatable, Sendable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

extension EditConflict {
    /// What they changed in the body since it was read.
    public var theirBody: LineDiff { LineDiff(from: read.body, to: current.body) }
}
