#!/usr/bin/env bash
# The pager's search to the end of a large text beside less's, in one run: each opens FILE in
# a tmux pane, types /NEEDLE and Enter, and waits until the line holding the needle shows.
# FILE gets the needle appended (a copy in a temporary folder); the default is the first
# 200 MB of the 1 GB text of `Benchmarks/run.sh --huge`. Prints medians and the ratio.
# Usage: Benchmarks/pager-search.sh [FILE [RUNS]]   (PAGINATE=path: another build)
set -euo pipefail
cd "$(dirname "$0")/.."
paginate="${PAGINATE:-.build/release/paginate}"
source="${1:-Benchmarks/corpus/huge.txt}"
runs="${2:-3}"
work="$(mktemp -d)"
socket="pager-search-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
if [ ! -f "$source" ]; then
  echo "pager-search.sh: no $source (Benchmarks/run.sh --huge makes it)" >&2
  exit 2
fi
head -c 200000000 "$source" > "$work/text.txt"
printf '\n\nThe needle XQZWNEEDLE is here.\n' >> "$work/text.txt"

# Milliseconds from typing the search to the needle's line on the screen.
search() {  # command...
  local t=(tmux -L "$socket")
  "${t[@]}" kill-server 2>/dev/null || true
  "${t[@]}" new-session -d -s bench -x 100 -y 40 "$*" </dev/null
  # The screen is captured whole before it is matched: with pipefail, `capture-pane | grep -q`
  # fails whenever grep's early exit kills capture-pane with SIGPIPE.
  until [[ -n "$("${t[@]}" capture-pane -t bench -p 2>/dev/null | tr -d ' \n')" ]]; do sleep 0.02; done
  sleep 0.5
  local start end
  start=$(date +%s%N)
  "${t[@]}" send-keys -t bench "/XQZWNEEDLE" Enter
  until [[ "$("${t[@]}" capture-pane -t bench -p 2>/dev/null)" == *"XQZWNEEDLE is here"* ]]; do
    if (( $(date +%s%N) - start > 120000000000 )); then
      echo "pager-search.sh: '$*' found nothing within 120 s" >&2
      exit 1
    fi
    sleep 0.02
  done
  end=$(date +%s%N)
  "${t[@]}" kill-server
  echo $(( (end - start) / 1000000 ))
}

median() { sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }
ours=(); theirs=()
for _ in $(seq "$runs"); do
  ours+=("$(search "$paginate" browse "$work/text.txt")")
  theirs+=("$(search less "$work/text.txt")")
done
a="$(printf '%s\n' "${ours[@]}" | median)"
b="$(printf '%s\n' "${theirs[@]}" | median)"
echo "search to the end of $(du -h "$work/text.txt" | cut -f1): paginate browse ${a} ms, less ${b} ms (paginate / less $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }'))"
