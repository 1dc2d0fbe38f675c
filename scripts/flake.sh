#!/usr/bin/env bash
# flake.sh: the timing-sensitive packages (transports: websocket, SSE,
# multipart; the handler and its extensions; the client) run RUNS times in a
# row with the race detector while BUSY loops keep the CPUs busy, the
# conditions under which a test that waits by sleeping fails. Each run is a
# separate `go test` invocation (-count=1), so every run starts a fresh test
# binary; the first failure stops the script with the run number.
#
#   scripts/flake.sh                    # RUNS=20 BUSY=2, the default packages
#   RUNS=50 scripts/flake.sh ./graphql/handler/transport/
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-20}
BUSY=${BUSY:-2}
GO=${GO:-go}
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./graphql/handler/... ./client/...)

busy=()
stop() { [ ${#busy[@]} -eq 0 ] || kill "${busy[@]}" 2>/dev/null || true; }
trap stop EXIT
# Build the test binaries first, so the runs below time tests, not compiles.
$GO test -race -count=1 -run '^$' "${pkgs[@]}" >/dev/null
for _ in $(seq "$BUSY"); do (while :; do :; done) & busy+=($!); done
echo "== $RUNS runs of go test -race ${pkgs[*]} beside $BUSY busy loops (load $(cut -d' ' -f1-3 /proc/loadavg))"
start=$(date +%s)
for i in $(seq "$RUNS"); do
	if ! out=$($GO test -race -count=1 "${pkgs[@]}" 2>&1); then
		echo "$out" | grep -v '^ok ' | tail -60
		echo "== run $i of $RUNS FAILED"
		exit 1
	fi
	echo "run $i: ok ($(( $(date +%s) - start )) s so far)"
done
echo "== $RUNS passed, 0 failed ($(( $(date +%s) - start )) s, load $(cut -d' ' -f1-3 /proc/loadavg))"
