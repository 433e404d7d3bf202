#include "LibPQLoader.h"
#include <dlfcn.h>
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif
#include <stdio.h>
#include <stdlib.h>

#ifdef __APPLE__
#define LIBPQ_FILE "libpq.5.dylib"
#else
#define LIBPQ_FILE "libpq.so.5"
#endif

// Exits when libpq is missing or too old: nothing a database command does can go on without it.
static void *libpq_symbol(const char *name) {
    static void *library;
    void *handle = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (handle == NULL) {
        handle = dlopen(LIBPQ_FILE, RTLD_LAZY | RTLD_LOCAL);
        if (handle == NULL) {
            fputs("tracker: the PostgreSQL client library " LIBPQ_FILE " is not installed; "
                  "install it (apt-get install libpq5) and run the command again\n", stderr);
            exit(69);
        }
        __atomic_store_n(&library, handle, __ATOMIC_RELEASE);
    }
    void *symbol = dlsym(handle, name);
    if (symbol == NULL) {
        fprintf(stderr, "tracker: the installed " LIBPQ_FILE " has no %s (libpq 14 or newer is needed); "
                "upgrade libpq5 and run the command again\n", name);
        exit(69);
    }
    return symbol;
}

#define RESOLVED(name) \
    static void *cached; \
    void *function = __atomic_load_n(&cached, __ATOMIC_ACQUIRE); \
    if (function == NULL) { \
        function = libpq_symbol(#name); \
        __atomic_store_n(&cached, function, __ATOMIC_RELEASE); \
    }

#define LAZY(result, name, parameters, arguments) \
    result name parameters { \
        RESOLVED(name) \
        return ((result(*) parameters)function) arguments; \
    }

#define LAZY_VOID(name, parameters, arguments) \
    void name parameters { \
        RESOLVED(name) \
        ((void(*) parameters)function) arguments; \
    }

LAZY(PGconn *, PQconnectdbParams, (const char *const *keywords, const char *const *values, int expand_dbname),
     (keywords, values, expand_dbname))
LAZY_VOID(PQfinish, (PGconn *conn), (conn))
LAZY(ConnStatusType, PQstatus, (const PGconn *conn), (conn))
LAZY(PGTransactionStatusType, PQtransactionStatus, (const PGconn *conn), (conn))
LAZY(char *, PQerrorMessage, (const PGconn *conn), (conn))
LAZY(char *, PQdb, (const PGconn *conn), (conn))
LAZY(char *, PQuser, (const PGconn *conn), (conn))
LAZY(char *, PQhost, (const PGconn *conn), (conn))
LAZY(const char *, PQparameterStatus, (const PGconn *conn, const char *paramName), (conn, paramName))
LAZY(char *, PQport, (const PGconn *conn), (conn))
LAZY(int, PQsocket, (const PGconn *conn), (conn))
LAZY(PQconninfoOption *, PQconninfoParse, (const char *conninfo, char **errmsg), (conninfo, errmsg))
LAZY_VOID(PQconninfoFree, (PQconninfoOption *options), (options))
LAZY_VOID(PQfreemem, (void *pointer), (pointer))
LAZY(PQnoticeReceiver, PQsetNoticeReceiver, (PGconn *conn, PQnoticeReceiver receiver, void *argument),
     (conn, receiver, argument))

LAZY(PGresult *, PQexec, (PGconn *conn, const char *query), (conn, query))
LAZY(int, PQsendQueryParams,
     (PGconn *conn, const char *command, int count, const Oid *types, const char *const *values, const int *lengths,
      const int *formats, int resultFormat),
     (conn, command, count, types, values, lengths, formats, resultFormat))
LAZY(PGresult *, PQgetResult, (PGconn *conn), (conn))
LAZY(int, PQsetSingleRowMode, (PGconn *conn), (conn))
LAZY(int, PQenterPipelineMode, (PGconn *conn), (conn))
LAZY(int, PQexitPipelineMode, (PGconn *conn), (conn))
LAZY(int, PQpipelineSync, (PGconn *conn), (conn))
LAZY(int, PQputCopyData, (PGconn *conn, const char *buffer, int count), (conn, buffer, count))
LAZY(int, PQputCopyEnd, (PGconn *conn, const char *errormsg), (conn, errormsg))
LAZY(int, PQconsumeInput, (PGconn *conn), (conn))
LAZY(PGnotify *, PQnotifies, (PGconn *conn), (conn))

LAZY(ExecStatusType, PQresultStatus, (const PGresult *res), (res))
LAZY(char *, PQresultErrorMessage, (const PGresult *res), (res))
LAZY(char *, PQresultErrorField, (const PGresult *res, int code), (res, code))
LAZY(char *, PQcmdTuples, (PGresult *res), (res))
LAZY(int, PQntuples, (const PGresult *res), (res))
LAZY(int, PQnfields, (const PGresult *res), (res))
LAZY(char *, PQfname, (const PGresult *res, int field), (res, field))
LAZY(char *, PQgetvalue, (const PGresult *res, int row, int field), (res, row, field))
LAZY(int, PQgetisnull, (const PGresult *res, int row, int field), (res, row, field))
LAZY_VOID(PQclear, (PGresult *res), (res))
