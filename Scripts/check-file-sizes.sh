#!/usr/bin/env bash
# Every Swift file of the package holds one concept, in at most 450 lines: a longer file is
# named here, and the check fails.
# Usage: Scripts/check-file-sizes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
long=$(find Sources Tests Examples Plugins Benchmarks -name '*.swift' -print0 2>/dev/null | xargs -0 wc -l | awk '$2 != "total" && $1 > 450')
if [ -n "$long" ]; then
  echo "$long" >&2
  echo "check-file-sizes: the Swift files above are over 450 lines; split them by concept" >&2
  exit 1
fi
echo "file sizes: every Swift file is at most 450 lines"
