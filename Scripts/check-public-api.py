#!/usr/bin/env python3
"""The public API of the library products, checked against the reviewed list in Docs/PublicAPI.txt.

Dumps the symbol graph (`swift package dump-symbol-graph`, public symbols only) of the modules an
app can import and writes one line per public symbol: the module, the symbol's path and its
declaration. Any difference from Docs/PublicAPI.txt fails with the diff, so that the API grows
or changes only as a reviewed change of that file. `--update` writes the file instead.

Usage: Scripts/check-public-api.py [--update]
"""
import difflib
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["Paginate", "PaginateModel", "PaginateAdapters", "PaginateLayout", "PaginatePaging", "PaginateRender",
           "PaginatePDF", "PaginateConfig"]
BASELINE = os.path.join(ROOT, "Docs", "PublicAPI.txt")


def symbol_lines():
    dump = subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"], cwd=ROOT,
                          capture_output=True, text=True)
    if dump.returncode != 0:
        sys.exit(dump.stdout[-3000:] + dump.stderr[-3000:] + "\ncheck-public-api: the symbol graph could not be dumped")
    folder = glob.glob(os.path.join(ROOT, ".build", "*", "symbolgraph"))
    if not folder:
        sys.exit("check-public-api: no symbol graph was written")
    lines = set()
    for module in MODULES:
        # The module's own symbols, and its extensions of other modules' types (Module@Other).
        for path in glob.glob(os.path.join(folder[0], f"{module}.symbols.json")) + glob.glob(
                os.path.join(folder[0], f"{module}@*.symbols.json")):
            graph = json.load(open(path))
            for symbol in graph["symbols"]:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                name = ".".join(symbol["pathComponents"])
                declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
                lines.add(f"{module}\t{name}\t{' '.join(declaration.split())}")
    return sorted(lines)


def main():
    lines = symbol_lines()
    text = "".join(line + "\n" for line in lines)
    if "--update" in sys.argv:
        with open(BASELINE, "w") as out:
            out.write(text)
        print(f"check-public-api: wrote {len(lines)} public symbols to {os.path.relpath(BASELINE, ROOT)}")
        return 0
    expected = open(BASELINE).read() if os.path.exists(BASELINE) else ""
    if text == expected:
        print(f"check-public-api: {len(lines)} public symbols, as Docs/PublicAPI.txt lists them")
        return 0
    diff = difflib.unified_diff(expected.splitlines(), lines, "Docs/PublicAPI.txt", "the build", lineterm="", n=0)
    sys.stderr.write("\n".join(diff) + "\n")
    sys.stderr.write("check-public-api: the public API differs from Docs/PublicAPI.txt (above); review the change "
                     "and run Scripts/check-public-api.py --update\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
