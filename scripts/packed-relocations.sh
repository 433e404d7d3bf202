#!/bin/sh
# Prints the build flags that pack the release binary's relative relocations (DT_RELR: lld's
# -z pack-relative-relocs), or nothing where they would not run: glibc reads DT_RELR from 2.36
# (Debian 12) on. A static-stdlib tracker has ~85,000 relative relocations, 2 MB of RELA that every
# start pages in and walks; packed, 16 KB (BENCHMARKS.md: -0.4 M instructions and -2 MB of memory a
# command). Checked by linking and running a one-line program with them, so an older glibc or a
# toolchain without lld gets the plain build.
SWIFTC=${SWIFTC:-swiftc}
flags="-use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs"
scratch=$(mktemp -d) || exit 0
trap 'rm -rf "$scratch"' EXIT
echo 'print("packed")' > "$scratch/main.swift"
# shellcheck disable=SC2086
if "$SWIFTC" -static-stdlib $flags "$scratch/main.swift" -o "$scratch/main" >/dev/null 2>&1 &&
    [ "$("$scratch/main" 2>/dev/null)" = packed ]; then
    echo "-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs"
fi
