/// One issue as gh (or `tracker export`) writes it; every field optional so a missing one is
/// reported by name rather than as a decoding failure.
struct ImportRecord: Decodable {
    struct Person: Decodable { let login: String? }

    let number: Int64?
    let title: String?
    let body: String?
    let state: String?
    let stateReason: String?
    let author: Person?
    let assignees: [Person]?
    let createdAt: String?
    let updatedAt: String?
    let closedAt: String?
}
