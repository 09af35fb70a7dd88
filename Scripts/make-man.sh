#!/usr/bin/env bash
# Regenerates Docs/man/paginate.1 from the command's own help (swift-argument-parser's
# generate-manual plugin). Run after changing options or help texts.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package generate-manual
cp .build/plugins/GenerateManual/outputs/paginate/paginate.1 Docs/man/paginate.1
echo "wrote Docs/man/paginate.1"
