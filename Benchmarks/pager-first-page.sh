#!/usr/bin/env bash
# Time from starting `paginate browse` on a large text to its first page on screen, measured
# in tmux (polling capture-pane), next to less on the same file.
# Usage: Benchmarks/pager-first-page.sh FILE [RUNS]   (PAGINATE=path: another build)
set -euo pipefail
cd "$(dirname "$0")/.."
paginate="${PAGINATE:-.build/release/paginate}"
file="$1"
runs="${2:-5}"
t() { tmux -L "$socket" "$@"; }
measure() {  # command, text that shows the first screen is drawn
  local command="$1" ready="$2"
  # A server of its own each time: a new session on a socket whose server is still exiting
  # after kill-server fails now and then.
  socket="paginate-bench-$$-$RANDOM"
  t new-session -d -s bench -x 100 -y 30 "bash --norc --noprofile" </dev/null >/dev/null
  sleep 0.3
  t send-keys -t bench "clear" Enter
  sleep 0.2
  local start end
  start=$(date +%s%N)
  t send-keys -t bench "$command" Enter
  # Poll the screen; give up after 10 s (a session that died would otherwise spin forever).
  # The screen is captured whole before matching: with pipefail, `capture-pane | grep -q`
  # fails whenever grep's early exit kills capture-pane with SIGPIPE, and the loop never ended.
  until [[ "$(t capture-pane -t bench -p 2>/dev/null)" == *"$ready"* ]]; do
    if (( $(date +%s%N) - start > 10000000000 )); then
      t kill-server 2>/dev/null || true
      echo "pager-first-page.sh: '$command' showed no '$ready' within 10 s" >&2
      exit 1
    fi
  done
  end=$(date +%s%N)
  t kill-server
  echo $(( (end - start) / 1000000 ))
}
for name in paginate less; do
  times=()
  for _ in $(seq "$runs"); do
    if [ "$name" = paginate ]; then
      times+=("$(measure "$paginate browse '$file'" " of ?")")
    else
      times+=("$(measure "less '$file'" "$(basename "$file")")")
    fi
  done
  sorted=$(printf '%s\n' "${times[@]}" | sort -n)
  median=$(echo "$sorted" | sed -n "$(( (runs + 1) / 2 ))p")
  echo "$name: first screen in ${median} ms (median of $runs: $(echo $sorted | tr '\n' ' '))"
done
