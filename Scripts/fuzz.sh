#!/usr/bin/env bash
# Builds paginate's libFuzzer targets (Fuzz/, instrumented with -sanitize=fuzzer,address) and
# runs each for a while, two at a time on two cores.
#
#   Scripts/fuzz.sh                 every target for 600 s
#   Scripts/fuzz.sh 60 text json    those targets for 60 s
#
# Targets: markdown, text, json, pandoc (each adapter, then a layout of what it read), adapter
# (what an external adapter program writes: its --describe answer, its document, its stderr),
# layout (Markdown laid out with options taken from the input's first bytes) and config (the
# configuration file, TOML). Seeds come from SampleDocs (pandoc's JSON of them, when pandoc is
# installed); findings go to Fuzz/artifacts/TARGET/ and the corpus grows in Fuzz/corpus/TARGET/
# (both ignored by git). A crash found becomes a regression test in Tests/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(markdown text json pandoc adapter layout config)

(cd Fuzz && swift build -c release --scratch-path ../.build-fuzz -Xswiftc -sanitize=fuzzer,address 2>&1 | tail -1)
release=".build-fuzz/release"
clang="$(dirname "$(readlink -f "$(command -v swiftc)")")/clang"

run() {
  local target="$1" library
  case "$target" in
    markdown) library=FuzzMarkdown ;; text) library=FuzzText ;; json) library=FuzzJSON ;; pandoc) library=FuzzPandoc ;; adapter) library=FuzzAdapterOutput ;; layout) library=FuzzLayout ;; config) library=FuzzConfig ;;
    *) echo "fuzz.sh: unknown target $target" >&2; return 2 ;;
  esac
  "$clang" -fsanitize=fuzzer,address -L"$release" -l"$library" -Wl,-rpath,"$PWD/$release" \
    -o "$release/fuzz-$target" 2>/dev/null
  mkdir -p "Fuzz/corpus/$target" "Fuzz/artifacts/$target"
  case "$target" in
    markdown|layout) cp -n SampleDocs/*.md "Fuzz/corpus/$target/" ;;
    text) cp -n SampleDocs/*.txt "Fuzz/corpus/$target/" ;;
    json) cp -n SampleDocs/*.json "Fuzz/corpus/$target/" ;;
    config)
      printf 'page-size = "a5"\ndouble-sided = true\nfooter = "|{page}| \\u00e9 # x"  # comment\nwidows = 3\n' \
        > "Fuzz/corpus/$target/defaults.toml"
      printf "[table]\nkey = 'literal'\nnumbers = [1, 2.5, 0x1F]\nwhen = 2026-11-25T12:00:00Z\n" > "Fuzz/corpus/$target/kinds.toml" ;;
    adapter)
      # A description, 0xFF, a document, 0xFF, what stderr said.
      for json in SampleDocs/*.json; do
        { printf '{"name": "fuzz", "extensions": ["fz"], "summary": "Fuzzed"}\377'; cat "$json"; printf '\377warning: line 3\n'; } \
          > "Fuzz/corpus/$target/$(basename "$json")"
      done ;;
    pandoc)
      for md in SampleDocs/*.md; do
        pandoc -f commonmark+pipe_tables -t json "$md" -o "Fuzz/corpus/$target/$(basename "$md" .md).json" 2>/dev/null || true
      done ;;
  esac
  local log="Fuzz/artifacts/$target/fuzz.log"
  touch "$log.start"  # findings are the files newer than this
  local extra=() leaks=1
  # TOMLKit 0.6.0 never frees the error buffer TOMLTable(string:) allocates (TOMLTable.swift:221;
  # 24 bytes a parse, and toml++'s error on a failed one): leaks there are not paginate's.
  if [ "$target" = config ]; then extra=(-detect_leaks=0); leaks=0; fi
  ASAN_OPTIONS="detect_leaks=$leaks" LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp" \
  "$release/fuzz-$target" "Fuzz/corpus/$target" "${extra[@]}" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=4096 -artifact_prefix="Fuzz/artifacts/$target/" -print_final_stats=1 >"$log" 2>&1 || true
  local runs speed crashes
  runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)"
  speed="$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)"
  crashes="$(find "Fuzz/artifacts/$target" -newer "$log.start" \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)"
  rm -f "$log.start"
  echo "fuzz $target: ${seconds}s, $runs executions, $speed per second, $crashes new findings (Fuzz/artifacts/$target)"
}

pids=()
for target in "${targets[@]}"; do
  run "$target" &
  pids+=($!)
  if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
wait
