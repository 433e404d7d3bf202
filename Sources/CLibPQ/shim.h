#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H
// Declarations only: LibPQLoader defines these functions and loads libpq on first use, so the
// package links no libpq (no pkg-config, whose flags would link it) and finds the header itself.
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif
#endif
