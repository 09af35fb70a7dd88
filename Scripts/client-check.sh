#!/usr/bin/env bash
# Builds a throwaway package that depends on this one as an app would (the Paginate product,
# with the default trait off) and runs the reader example's code in it. Fails if the build
# fetches swift-argument-parser, compiles its plugins, builds the paginate executable or the PDF
# renderer (cairo and pango are for those that import PaginatePDF).
# Usage: Scripts/client-check.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
client="$(mktemp -d)"
trap 'rm -rf "$client"' EXIT
mkdir -p "$client/Sources/Reader"
cat > "$client/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Reader",
  dependencies: [.package(path: "$root", traits: [])],
  targets: [.executableTarget(name: "Reader", dependencies: [.product(name: "Paginate", package: "$(basename "$root")")])],
  swiftLanguageModes: [.v6]
)
MANIFEST
cp "$root"/Examples/Reader/*.swift "$client/Sources/Reader/"
log="$client/build.log"
(cd "$client" && swift build 2>&1) > "$log" || { cat "$log" >&2; exit 1; }
for unwanted in "swift-argument-parser" "GenerateManual" "Compiling paginate " "ArgumentParser" "PaginatePDF"; do
  if grep -q "$unwanted" "$log"; then
    grep "$unwanted" "$log" >&2
    echo "client-check.sh: building the library alone touched '$unwanted'" >&2
    exit 1
  fi
done
output="$(printf 'n\nq\n' | "$client/.build/debug/Reader" "$root/SampleDocs/guide.md")"
grep -q "(turned to page 2)" <<<"$output" || { echo "$output" >&2; echo "client-check.sh: the reader did not turn a page" >&2; exit 1; }
echo "client-check.sh: a client of the Paginate product builds without ArgumentParser or the executable, and its reader runs"
