#!/usr/bin/env python3
"""Fails when any output the CLI tests captured from `tracker` holds a terminal control
sequence: ESC (so CSI `ESC [` and OSC `ESC ]`), the C1 CSI/OSC (U+009B, U+009D) or BEL.
Every byte tracker prints must pass its one escaping rule (VisibleText)."""
import pathlib
import sys

folder = pathlib.Path(sys.argv[1]) / "cli-output"
forbidden = {b"\x1b": "ESC", b"\x07": "BEL", "\u009b".encode(): "CSI (U+009B)", "\u009d".encode(): "OSC (U+009D)"}
files = sorted(folder.glob("*.out")) if folder.is_dir() else []
bad = []
for path in files:
    data = path.read_bytes()
    # The first line is the command as the test typed it (test inputs may hold escapes).
    command, _, printed = data.partition(b"\n")
    found = [name for raw, name in forbidden.items() if raw in printed]
    if found:
        bad.append(f"{path.name}: {', '.join(found)} in output of {command[:200]!r}")
print(f"check-terminal-output: {len(files)} captured outputs, {len(bad)} with control sequences")
for line in bad:
    print("  " + line)
sys.exit(1 if bad or not files else 0)
