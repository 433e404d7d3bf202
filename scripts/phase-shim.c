/* scripts/bench-phases.py's clock inside a process (LD_PRELOAD): writes to stderr, as
 * "phase NAME MS", when the process reaches each phase, in ms of CLOCK_MONOTONIC since the
 * PHASE_SPAWN_MS the bench set just before starting it. No tracing, no stops: each hook reads the
 * clock and calls through. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

static void reached(const char *phase) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    const char *spawn = getenv("PHASE_SPAWN_MS");
    double ms = now.tv_sec * 1e3 + now.tv_nsec / 1e6 - (spawn ? atof(spawn) : 0);
    fprintf(stderr, "phase %s %.3f\n", phase, ms);
}

/* Runs once the program's shared libraries are loaded, before its own start. */
__attribute__((constructor)) static void loaded(void) { reached("libraries-loaded"); }

void *dlopen(const char *file, int mode) {
    static void *(*real)(const char *, int);
    if (!real) real = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
    reached("dlopen-begin");
    void *handle = real(file, mode);
    reached("dlopen-done");
    return handle;
}

int connect(int socket, const struct sockaddr *address, socklen_t length) {
    static int (*real)(int, const struct sockaddr *, socklen_t);
    if (!real) real = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "connect");
    reached("connect");
    return real(socket, address, length);
}

ssize_t recv(int socket, void *buffer, size_t length, int flags) {
    static ssize_t (*real)(int, void *, size_t, int);
    if (!real) real = (ssize_t (*)(int, void *, size_t, int))dlsym(RTLD_NEXT, "recv");
    ssize_t count = real(socket, buffer, length, flags);
    if (count > 0) reached("reply");
    return count;
}
