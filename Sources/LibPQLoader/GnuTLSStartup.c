// GnuTLS is in the process only because Debian's libpq links libldap (for LDAP lookups of a
// service file's connection settings), which links GnuTLS; libpq itself speaks TLS through
// OpenSSL. GnuTLS initializes itself when it is loaded unless the program defines this
// function returning 1: gnutls.h documents it (GNUTLS_SKIP_GLOBAL_INIT) for programs that
// initialize it when they use it, as libldap does (gnutls_global_init, before any TLS of its own).
// Skipping it saves every database command 0.9 M instructions, 1-1.5 ms of wall: BENCHMARKS.md.
// The dynamic linker binds GnuTLS's call to this definition because the executable exports it
// (Package.swift) and comes first in the lookup order; GnuTLSStartupCLITests checks the binding.
__attribute__((used, visibility("default"))) int _gnutls_global_init_skip(void) {
    return 1;
}
