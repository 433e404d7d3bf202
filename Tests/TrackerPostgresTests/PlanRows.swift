/// Rows each scan of `relation` returned in `plan` (EXPLAIN ANALYZE's JSON, parsed), all loops
/// counted: what a query read, whatever the machine.
func rowsRead(from relation: String, in plan: Any) -> Int {
    if let nodes = plan as? [Any] { return nodes.reduce(0) { $0 + rowsRead(from: relation, in: $1) } }
    guard let node = plan as? [String: Any] else { return 0 }
    var rows = 0
    // A project's table is read through its view: the scan is of all_<relation> (migration 0022).
    if let name = node["Relation Name"] as? String, name == relation || name == "all_" + relation {
        rows += (node["Actual Rows"] as? Int ?? 0) * (node["Actual Loops"] as? Int ?? 0)
    }
    for key in ["Plan", "Plans"] { rows += node[key].map { rowsRead(from: relation, in: $0) } ?? 0 }
    return rows
}

/// Rows every node of `plan` handed on, all loops counted: a nested loop that joins each row to
/// every row of a materialized side shows here, though it reads each table once.
func rowsProduced(in plan: Any) -> Int {
    if let nodes = plan as? [Any] { return nodes.reduce(0) { $0 + rowsProduced(in: $1) } }
    guard let node = plan as? [String: Any] else { return 0 }
    var rows = (node["Actual Rows"] as? Int ?? 0) * (node["Actual Loops"] as? Int ?? 0)
    for key in ["Plan", "Plans"] { rows += node[key].map { rowsProduced(in: $0) } ?? 0 }
    return rows
}
