#!/usr/bin/env bash
# Long jumps of the paging library (release), beside the tools that lay the same text out to
# its end: Benchmarks/JumpBench/main.swift builds PARAGRAPHS paragraphs in code and times
# goToLast, go(toFraction: 0.5), the async layOut(through: .end) then goToLast, and a turn back
# round from page 1 (each on a fresh controller); the same text, written to a file, is then
# printed by `paginate` and by `fmt -w 80 | pr -l 66`. Prints milliseconds (medians of RUNS)
# and each jump's ratio to the pr pipeline. Each FILE (a real document) is then read into
# memory by the benchmark and timed the same way, beside paginate and fmt | pr on that file.
# Usage: Benchmarks/jumps.sh [PARAGRAPHS [FILE...]]     (200000 by default; RUNS=3)
set -euo pipefail
cd "$(dirname "$0")/.."
paragraphs="${1:-200000}"
shift || true
files=("$@")
runs="${RUNS:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/JumpBench"
cp Benchmarks/JumpBench/main.swift "$work/Sources/JumpBench/"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
  name: "JumpBench",
  dependencies: [.package(path: "$PWD")],
  targets: [.executableTarget(name: "JumpBench", dependencies: [.product(name: "Paginate", package: "$(basename "$PWD")")])])
MANIFEST
echo "== building the benchmark client and paginate (release)" >&2
(cd "$work" && swift build -c release 2>&1 | tail -1) >&2
swift build -c release --static-swift-stdlib --product paginate 2>&1 | tail -1 >&2
bench="$work/.build/release/JumpBench"
paginate="$(swift build -c release --show-bin-path)/paginate"
"$bench" "$paragraphs" --text > "$work/text.txt"

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
milliseconds() {  # command...: wall time of one run
  local start end
  start=$(date +%s%N); "$@" > /dev/null; end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}
report() {  # title, benchmark argument, text file for the peers
  declare -A times
  for _ in $(seq "$runs"); do
    while read -r name _ ms; do times[$name]+="$ms "; done < <("$bench" "$2")
    times[paginate]+="$(milliseconds "$paginate" "$3") "
    times[fmt-pr]+="$(milliseconds bash -c "fmt -w 80 '$3' | pr -l 66")"" "
  done
  local peer value
  peer=$(echo "${times[fmt-pr]}" | tr ' ' '\n' | grep . | median)
  printf '\n%s (%s bytes), medians of %s runs\n' "$1" "$(wc -c < "$3")" "$runs"
  printf '%-16s %10s %8s\n' what ms "÷ fmt|pr"
  for name in goToLast fraction-0.5 async-goToLast wrap-back paginate fmt-pr; do
    value=$(echo "${times[$name]}" | tr ' ' '\n' | grep . | median)
    printf '%-16s %10s %8.2f\n' "$name" "$value" "$(echo "$value / $peer" | bc -l)"
  done
}
report "$paragraphs paragraphs built in code" "$paragraphs" "$work/text.txt"
for file in "${files[@]}"; do report "$file" "$file" "$file"; done
