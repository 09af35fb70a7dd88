#!/usr/bin/env bash
# Benchmarks paginate against fmt|pr, fold|pr, cmark and pandoc, side by side, on a generated
# corpus and on real documents (make_real_corpus.py); prints medians, MB/s, peak memory and ratios, then raggedness against fmt, then
# callgrind instruction counts (repeatable on a noisy machine) when valgrind is installed, then
# the goals of issue 29 as one table (goals.py: the pager's figures need tmux and --huge).
#
#   Benchmarks/run.sh            the whole run (RUNS=5 alternating runs per pair)
#   Benchmarks/run.sh --huge     also generate a 1 GB text for time to the first page
#   RUNS=9 Benchmarks/run.sh     more runs
#
# Needs: apt-get install cmark pandoc valgrind time python3 (tmux for pager-first-page.sh,
# hyperfine for the start-up figure in Benchmarks/README.md)
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for tool in fmt pr fold cmark python3 /usr/bin/time; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "run.sh: missing ${missing[*]}; install with: apt-get install -y cmark pandoc valgrind time python3" >&2
  exit 2
fi

echo "== corpus"
python3 Benchmarks/make_corpus.py "$@"
python3 Benchmarks/make_real_corpus.py
echo "== release build"
swift build -c release --static-swift-stdlib --product paginate 2>&1 | tail -1
mkdir -p Benchmarks/results

{
  python3 Benchmarks/bench.py
  echo
  echo "## Raggedness"
  python3 Benchmarks/raggedness.py .build/release/paginate 72 SampleDocs/novel.txt SampleDocs/windows.txt
  head -c 400000 Benchmarks/corpus/prose.txt > Benchmarks/corpus/prose-400k.txt
  python3 Benchmarks/raggedness.py .build/release/paginate 66 Benchmarks/corpus/prose-400k.txt
  if command -v valgrind >/dev/null && [ "${CALLGRIND:-1}" = 1 ]; then
    echo
    echo "## Instruction counts (valgrind --tool=callgrind, one run each)"
    # valgrind 3.19 gives up on the DWARF 5 clang writes for the C target ("I can't recover"):
    # it counts a copy without debug information (the same code, instruction for instruction).
    counted="$(mktemp -d)"
    objcopy --strip-debug .build/release/paginate "$counted/paginate"
    # Instructions of one run, and per input byte; the count is left in $refs.
    count() {  # label, input, command...
      local label="$1" input="$2" log
      shift 2
      log="$(mktemp)"
      valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" >/dev/null 2>"$log" || true
      refs="$(grep -o 'refs: *[0-9,]*' "$log" | head -1 | tr -dc 0-9)"
      rm -f "$log"
      if [ -z "$refs" ]; then
        echo "  $label: no count (valgrind failed)"
        return 1
      fi
      awk -v r="$refs" -v n="$(wc -c < "$input")" -v l="$label" \
        'BEGIN { printf "  %-34s %15.0f %7.1f per byte\n", l, r, r / n }'
    }
    count "paginate prose.txt" Benchmarks/corpus/prose.txt \
      "$counted/paginate" --color never --page-size 80x66 Benchmarks/corpus/prose.txt || true
    if count "paginate doc.md" Benchmarks/corpus/doc.md \
      "$counted/paginate" --color never Benchmarks/corpus/doc.md; then
      ours="$refs"
      if count "cmark -t commonmark --width 80" Benchmarks/corpus/doc.md \
        cmark -t commonmark --width 80 Benchmarks/corpus/doc.md; then
        awk -v a="$ours" -v b="$refs" 'BEGIN { printf "  paginate / cmark on doc.md: %.2f\n", a / b }'
      fi
    fi
    # Real documents (4 MB of each: callgrind runs some fifty times slower). A pipe's peers
    # are counted one by one and added: fmt's and pr's instructions together.
    r=Benchmarks/corpus/real
    if [ -f "$r/readmes-4m.md" ]; then
      for text in mixed prose; do
        if count "paginate real $text-4m.txt" "$r/$text-4m.txt" \
          "$counted/paginate" --color never --page-size 80x66 "$r/$text-4m.txt"; then
          ours="$refs"
          fmt -w 80 "$r/$text-4m.txt" > "$counted/fmt.out"
          count "fmt -w 80" "$r/$text-4m.txt" fmt -w 80 "$r/$text-4m.txt" && fmt_refs="$refs" &&
            count "pr -l 66 (of fmt's output)" "$r/$text-4m.txt" pr -l 66 "$counted/fmt.out" &&
            awk -v a="$ours" -v b="$((fmt_refs + refs))" -v n="$(wc -c < "$r/$text-4m.txt")" \
              'BEGIN { printf "  fmt + pr: %.1f per byte; paginate / (fmt + pr) on real %s: %.2f\n", b / n, "'$text'", a / b }'
        fi
      done
      if count "paginate real readmes-4m.md" "$r/readmes-4m.md" "$counted/paginate" --color never "$r/readmes-4m.md"; then
        ours="$refs"
        count "cmark -t commonmark --width 80" "$r/readmes-4m.md" cmark -t commonmark --width 80 "$r/readmes-4m.md" &&
          awk -v a="$ours" -v b="$refs" 'BEGIN { printf "  paginate / cmark on real readmes: %.2f\n", a / b }'
      fi
    fi
  fi
  echo
  echo "## The goals of issue 29, measured in this run"
  python3 Benchmarks/goals.py
} | tee Benchmarks/results/latest.txt
