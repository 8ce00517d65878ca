#!/usr/bin/env bash
# Checks that each program given links exactly the shared libraries the README lists (the Swift
# runtime and Foundation are linked in): a new dependency, or a Swift library left dynamic,
# fails `make dist` instead of shipping a binary that needs what a user does not have.
set -euo pipefail
expected="$(dirname "$0")/runtime-libraries.txt"
listed=$(grep -v '^#' "$expected" | awk 'NF {print $1}' | sort -u)
status=0
for program in "$@"; do
  # The sonames ldd names, without the loader and the kernel's vDSO.
  linked=$(ldd "$program")
  found=$(echo "$linked" | awk '$1 !~ /^(linux-vdso|\/)/ {print $1}' | sort -u)
  missing=$(echo "$linked" | grep -c "not found" || true)
  extra=$(comm -23 <(echo "$found") <(echo "$listed"))
  if [ -n "$extra" ] || [ "$missing" != 0 ]; then
    echo "check-libraries: $program needs libraries $expected does not list: $(echo $extra)" >&2
    status=1
  fi
done
exit $status
