/// Ends the process with `status`: the C library's `exit`, which `ParsableCommand`'s own
/// `exit(withError:)` hides from its types' code.
func exitProcess(_ status: Int32) -> Never { exit(status) }
