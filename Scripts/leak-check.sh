#!/usr/bin/env bash
# Runs the Markdown adapter under valgrind on every Markdown sample, and hyphenation on a
# German and English text, and fails if anything is definitely lost, or if any loss record (even "possibly lost") involves libcmark. libcmark's
# nodes and text are in CmarkArena's mapped chunks, which valgrind does not track (they are
# unmapped when a conversion ends): it sees the arena's blocks of their own and what libcmark
# allocates outside the arena.
# Usage: Scripts/leak-check.sh [path/to/paginate]
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/debug/paginate}"
if ! command -v valgrind >/dev/null; then
  echo "leak-check: valgrind is not installed (apt-get install valgrind)" >&2
  exit 2
fi
# valgrind 3.19 (bookworm) gives up on the DWARF 5 that clang writes for the C target
# (CPaginateSystem): "Possibly corrupted debuginfo file. I can't recover." It runs a copy
# without debug information; the symbol table still names every function in its reports.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$binary" "$work/paginate"
binary="$work/paginate"
status=0
for file in SampleDocs/*.md; do
  log="$(mktemp)"
  valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=3 \
    --suppressions=Scripts/valgrind-swift.supp \
    "$binary" --page-size 60x30 "$file" >/dev/null 2>"$log" || {
    status=$?
    echo "leak-check: $file: valgrind reported errors:" >&2
    grep -A12 -E "Invalid|uninitialised|definitely lost in" "$log" >&2 || true
  }
  lost="$(grep -E 'definitely lost:' "$log" | sed 's/.*definitely lost: //')"
  # Loss records (blank-line separated) with a frame in libcmark itself: its library, or a
  # C function of its own (": cmark_..."). A Swift frame whose mangled name merely mentions a
  # cmark type (CmarkTreeConverter...So15cmark_node_type) is not one: a runtime metadata cache
  # allocated there is the Swift runtime's, kept on purpose.
  cmark_losses="$(sed -E 's/^==[0-9]+== ?//' "$log" | awk -v RS= '/lost in loss record/ && (/libcmark/ || /: cmark_/)')"
  if [ -n "$cmark_losses" ]; then
    echo "leak-check: $file: libcmark memory lost:" >&2
    printf '%s\n' "$cmark_losses" >&2
    status=1
  fi
  echo "leak-check: $file: definitely lost: ${lost:-0 bytes}"
  rm -f "$log"
done
# Hyphenation: the arrays libhyphen returns for each word are freed. German's patterns have
# replacement rules (Schiff-fahrt), which allocate them; what libhyphen itself loses while
# loading those patterns is suppressed (Scripts/valgrind-hyphen.supp).
printf '%s\n' "Die Schifffahrtsgesellschaft der Donaudampfschiffahrt druckte Silbentrennungsregeln in Zeitungsartikeln." \
  "Typesetting is the composition of text by means of arranging physical type or its digital equivalents." > "$work/hyphen.txt"
log="$(mktemp)"
valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=3 \
  --suppressions=Scripts/valgrind-swift.supp --suppressions=Scripts/valgrind-hyphen.supp \
  "$binary" --page-size 16x30 --hyphenate --lang de "$work/hyphen.txt" >/dev/null 2>"$log" || {
  status=$?
  echo "leak-check: hyphenation: valgrind reported errors:" >&2
  grep -A12 -E "Invalid|uninitialised|definitely lost in" "$log" >&2 || true
}
echo "leak-check: hyphenation (German): definitely lost: $(grep -E 'definitely lost:' "$log" | sed 's/.*definitely lost: //')"
rm -f "$log"
if [ "$status" != 0 ]; then
  echo "leak-check: FAILED" >&2
fi
exit "$status"
