#!/usr/bin/env bash
# Browses FILE to its last page and back through the library (Benchmarks/BrowseBench, a
# package that depends on this one as an app does, built in release mode), and prints the
# time per page turn and the peak resident memory. The issue's input is the 1 GB text of
# `Benchmarks/run.sh --huge` (Benchmarks/corpus/huge.txt).
# Usage: Benchmarks/browse.sh [FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
file="${1:-Benchmarks/corpus/huge.txt}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/BrowseBench"
cp Benchmarks/BrowseBench/main.swift "$work/Sources/BrowseBench/"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
  name: "BrowseBench",
  dependencies: [.package(path: "$root", traits: [])],
  targets: [.executableTarget(name: "BrowseBench", dependencies: [.product(name: "Paginate", package: "$(basename "$root")")])])
MANIFEST
(cd "$work" && swift build -c release 2>&1) > "$work/build.log" || { cat "$work/build.log" >&2; exit 1; }
echo "$(basename "$file"): $(du -h "$file" | cut -f1)"
"$work/.build/release/BrowseBench" "$file"
