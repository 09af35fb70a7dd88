#!/usr/bin/env bash
# The platform layer (Sources/PaginateSystem, with its C part Sources/CPaginateSystem) is the
# only code that calls the C library's system interfaces: no other source imports Glibc or
# Darwin, or names pthread, signal, mmap, termios, poll or posix_spawn calls. Comment lines are
# not looked at. Exits non-zero, listing each offending line, when one does.
set -euo pipefail
cd "$(dirname "$0")/.."

# A call is its name not after a `.` (a method of the same name, `semaphore.signal()`, is not).
# read, write, open and close are left out: Swift methods of those names are everywhere, and a
# source that calls the C ones must import Glibc, which is looked for.
call='(^|[^.A-Za-z0-9_])'
pattern='import (Glibc|Darwin|Musl|Android)|canImport\((Glibc|Darwin|Musl)\)|pthread_|posix_spawn'
pattern+="|${call}(mmap|munmap|tc[gs]etattr|signal|sigaction|sigprocmask|poll|ioctl|isatty|getenv|mallopt|memchr|strlen)\\("
pattern+="|${call}(stat|fstat|lstat|access|realpath|unlink|lseek|fcntl|mkstemp|getpid|getuid|usleep|kill|waitpid|pipe|dup2)\\("
pattern+="|${call}(malloc|calloc|realloc|free|strdup|strerror|exit)\\("
found=$(grep -rnE "$pattern" Sources --include='*.swift' \
  | grep -vE '^Sources/PaginateSystem/' \
  | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
if [ -n "$found" ]; then
  echo "System calls outside the platform layer (Sources/PaginateSystem):" >&2
  echo "$found" >&2
  exit 1
fi
echo "platform layer: no system calls outside Sources/PaginateSystem"
