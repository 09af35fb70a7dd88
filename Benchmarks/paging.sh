#!/usr/bin/env bash
# The paging controller before and after a change, side by side in one run: builds
# Benchmarks/PagingBench/main.swift (release) against BASE (default: the last revision before
# the shared layout cache) and against the working tree, then pages through each input to the
# end and back (RUNS alternating runs, medians), and prints the printing time of both
# `paginate` binaries on the same inputs. Prints ratios (after / before; below 1 is faster).
# Usage: Benchmarks/paging.sh [BASE] FILE...      (RUNS=7 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-4ddd980}"
shift || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then files=(SampleDocs/guide.md); fi
runs="${RUNS:-7}"
work="$(mktemp -d)"
trap 'git worktree remove --force "$work/base-tree" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add --detach "$work/base-tree" "$base" >/dev/null 2>&1

client() {  # name, package root
  local dir="$work/$1"
  mkdir -p "$dir/Sources/PagingBench"
  cp Benchmarks/PagingBench/main.swift "$dir/Sources/PagingBench/"
  cat > "$dir/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
  name: "PagingBench",
  dependencies: [.package(path: "$2")],
  targets: [.executableTarget(name: "PagingBench", dependencies: [
    .product(name: "PaginatePaging", package: "$(basename "$2")"),
    .product(name: "PaginateAdapters", package: "$(basename "$2")"),
    .product(name: "PaginateLayout", package: "$(basename "$2")"),
    .product(name: "PaginateModel", package: "$(basename "$2")"),
  ])])
MANIFEST
  (cd "$dir" && swift build -c release 2>&1 | tail -1) >&2
  echo "$dir/.build/release/PagingBench"
}
echo "== building the paging client against $base and against the working tree" >&2
before="$(client before "$work/base-tree")"
after="$(client after "$PWD")"
echo "== building both paginate binaries" >&2
(cd "$work/base-tree" && swift build -c release --product paginate 2>&1 | tail -1) >&2
swift build -c release --product paginate 2>&1 | tail -1 >&2

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
seconds() { local start end; start=$(date +%s%N); "$@" >/dev/null; end=$(date +%s%N); echo "$(( (end - start) / 1000 ))"; }

printf '%-28s %14s %14s %7s\n' "paging (to the end and back)" "before ms" "after ms" "ratio"
for file in "${files[@]}"; do
  b=(); a=()
  for _ in $(seq "$runs"); do
    b+=("$("$before" "$file" | awk '{ print $2 }')")
    a+=("$("$after" "$file" | awk '{ print $2 }')")
  done
  mb=$(printf '%s\n' "${b[@]}" | median); ma=$(printf '%s\n' "${a[@]}" | median)
  turns=$("$after" "$file" | awk '{ print $1 }')
  printf '%-28s %14s %14s %7s\n' "$(basename "$file") ($turns turns)" "$mb" "$ma" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { printf "%.2f", a / b }')"
done
printf '%-28s %14s %14s %7s\n' "printing (paginate FILE)" "before ms" "after ms" "ratio"
for file in "${files[@]}"; do
  b=(); a=()
  for _ in $(seq "$runs"); do
    b+=("$(seconds "$work/base-tree/.build/release/paginate" --color never "$file")")
    a+=("$(seconds .build/release/paginate --color never "$file")")
  done
  mb=$(printf '%s\n' "${b[@]}" | median); ma=$(printf '%s\n' "${a[@]}" | median)
  printf '%-28s %14s %14s %7s\n' "$(basename "$file")" "$(awk -v v="$mb" 'BEGIN { printf "%.1f", v / 1000 }')" \
    "$(awk -v v="$ma" 'BEGIN { printf "%.1f", v / 1000 }')" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { printf "%.2f", a / b }')"
done
if command -v valgrind >/dev/null && [ "${CALLGRIND:-1}" = 1 ]; then
  echo "instructions (callgrind, paging client, first file; debug information stripped: see run.sh)"
  for side in before after; do
    bin="$work/$side/.build/release/PagingBench"
    objcopy --strip-debug "$bin" "$work/$side.stripped"
    refs=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/$side.stripped" "${files[0]}" 2>&1 >/dev/null \
      | grep -o 'refs: *[0-9,]*' | tr -dc 0-9)
    echo "  $side: ${refs:-no count}"
  done
fi
