#!/bin/sh
# Prints the `swift build` flags of a release build (besides --static-swift-stdlib), each one only
# where it links and runs here: a one-line program is built and run with the flags so far and the
# next one, and the flag is kept when that works (an older glibc, a toolchain without lld, a
# machine without libstdc++.a get a plainer build, never a broken one). BENCHMARKS.md measures each.
# - lld packs the relative relocations (DT_RELR, read by glibc 2.36+): a static-stdlib tracker has
#   ~85,000, 2 MB of RELA that every start paged in and walked; packed, 16 KB.
# - libstdc++ (the Swift runtime's C++ library) linked in, not loaded: relocating the shared one
#   cost every start 1.6 M instructions, and every symbol libpq's libraries look up searched it.
#   The archive is found through a folder of its own first on the search path, since the
#   runtime's own -lstdc++ would take the shared library from any folder holding both.
# - concrete generic types' metadata made by direct calls, not looked up by mangled name: a
#   lookup checks the type's generic requirements at run time, and the first check of each
#   conformance scans every conformance record of the binary (~170 K instructions each).
# - no $ORIGIN run path: the binary needs nothing beside it, and every library was looked for
#   there first (thirteen failed opens a start).
# - not position-independent (PIE=no, the default; `make install PIE=yes` keeps PIE): a PIE's
#   85,000 absolute pointers in Swift's metadata are relocated at every start, which writes (and so
#   copies) every page of .data.rel.ro and .data, ~230 of a command's ~1,100 page faults and 0.84 M
#   instructions: 0.7 ms of `--version`'s 2.4, 1-2 ms of each command. What it gives up is the
#   randomized address of the executable's own code and data (the libraries', the heap's and the
#   stack's stay random), as Go's default build on Linux does.
SWIFTC=${SWIFTC:-swiftc}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d) || exit 0
trap 'rm -rf "$scratch"' EXIT
echo 'print("release")' > "$scratch/main.swift"

# Whether a program built with these swiftc flags runs.
runs() {
    # shellcheck disable=SC2068
    "$SWIFTC" -static-stdlib $@ "$scratch/main.swift" -o "$scratch/main" >/dev/null 2>&1 &&
        [ "$("$scratch/main" 2>/dev/null)" = release ]
}

flags=""
build=""
if runs -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs; then
    flags="-use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs"
    build="-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs"
fi

clang="$(dirname "$(command -v "$SWIFTC")")/clang"
[ -x "$clang" ] || clang=clang
archive=$("$clang" -print-file-name=libstdc++.a 2>/dev/null)
folder="$root/.build/static-libstdcxx"
case "$archive" in
/*)
    if [ -f "$archive" ] && mkdir -p "$folder" && ln -sf "$archive" "$folder/libstdc++.a" &&
        runs $flags -Xclang-linker -L"$folder" &&
        ! readelf -d "$scratch/main" 2>/dev/null | grep -q 'libstdc++'; then
        flags="$flags -Xclang-linker -L$folder"
        build="$build -Xswiftc -Xclang-linker -Xswiftc -L$folder"
    fi
    ;;
esac

if runs $flags -Xfrontend -disable-concrete-type-metadata-mangled-name-accessors; then
    build="$build -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors"
fi

if [ "${PIE:-no}" = no ] && runs $flags -Xclang-linker -no-pie &&
    readelf -h "$scratch/main" 2>/dev/null | grep -q 'EXEC'; then
    build="$build -Xswiftc -Xclang-linker -Xswiftc -no-pie"
fi

if swift build --help 2>/dev/null | grep -q -- --disable-local-rpath; then
    build="$build --disable-local-rpath"
fi
echo "$build"
