#ifndef LIBPQ_LOADER_H
#define LIBPQ_LOADER_H
// Defines libpq's functions as trampolines into libpq, which is loaded on first use: commands that
// never reach a database (--version, --help, a refused argument) start without it.
#endif
