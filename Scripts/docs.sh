#!/usr/bin/env bash
# Builds the library's documentation (DocC, from the Swift toolchain, through swift-docc-plugin)
# into one combined archive, and fails on any DocC warning (a broken symbol link, a parameter
# without documentation).
# Usage: Scripts/docs.sh            the archives are under .build/plugins/Swift-DocC/outputs/
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift package generate-documentation --enable-experimental-combined-documentation \
  --target Paginate --target PaginateModel --target PaginateAdapters --target PaginateLayout \
  --target PaginatePaging --target PaginateRender --target PaginatePDF 2>&1 | tee "$log" | grep -E "^(Generated|  /)" || true
# SwiftPM's own warning that it drops the -pthread of glib's pkg-config flags (CPangoCairo) is
# not DocC's.
sed -i '/prohibited flag(s): -pthread/d' "$log"
if grep -q "warning:" "$log"; then
  grep -A3 "warning:" "$log" >&2
  echo "docs.sh: DocC reported warnings (above)" >&2
  exit 1
fi
