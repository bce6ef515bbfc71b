#!/bin/sh
# Starts Chromium ($DOMINO_CHROMIUM, else /usr/bin/chromium) for the browser journeys
# (support.ts `launchBrowser`) without the right to raise its own priority.
#
# Chromium on Linux sets its display-critical threads (the browser's main and I/O threads, the
# compositors) to nice -8 when the process may (as root, CAP_SYS_NICE). On a 2-core machine that
# runs three journeys beside the server suites, those threads then outweigh every Node process
# about five to one: the journeys' own servers and the other test files wait behind them, and
# waits that have a bound time out (docs/decisions/045-fast-test-databases.md, "Addendum
# 2026-12-01"). Without CAP_SYS_NICE, Chromium's requests for a higher priority are refused and
# its threads stay at the default.
# Where dropping the capability is not allowed (no CAP_SETPCAP) or setpriv is missing, Chromium
# starts as before.
bin="${DOMINO_CHROMIUM:-/usr/bin/chromium}"
drop="setpriv --bounding-set=-sys_nice --inh-caps=-sys_nice --"
if [ "$(id -u)" = 0 ] && $drop true >/dev/null 2>&1; then
  exec $drop "$bin" "$@"
fi
exec "$bin" "$@"
