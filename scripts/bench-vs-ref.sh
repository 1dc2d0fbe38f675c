#!/usr/bin/env bash
# bench-vs-ref.sh: the request benchmarks of _examples/benchmark, this
# checkout against an earlier commit of it (REF), side by side in one run:
#
#   scripts/bench-vs-ref.sh                      # REF=HEAD~1, 8 rounds
#   REF=a853467 ROUNDS=8 TAGS="none sonic" scripts/bench-vs-ref.sh
#
# REF is checked out into a temporary git worktree; both sides' test
# binaries are built from their own trees (each with the generated code
# its own generator wrote), checked with TestResponses, then run in
# alternating rounds (the order flips every round) and compared with
# benchstat, REF as the base: sec/op, cpu-ns/op (the process's CPU time per
# iteration, which a busy machine does not inflate as it does wall time),
# B/op and allocs/op. Nothing is written into the repository.
#
# Environment: REF (HEAD~1), ROUNDS (8), BENCHTIME (1s), BENCH (. : a
# -test.bench pattern), TAGS ("none"), WORK (a new mktemp -d).
set -euo pipefail

REF=${REF:-HEAD~1}
ROUNDS=${ROUNDS:-8}
BENCHTIME=${BENCHTIME:-1s}
BENCH=${BENCH:-.}
TAGS=${TAGS:-none}
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/gqlgen-vsref.XXXXXX")}

repo=$(cd "$(dirname "$0")/.." && pwd)
old=$WORK/ref
bin=$WORK/bin
res=$WORK/results
mkdir -p "$bin" "$res"
log() { printf '\n== %s\n' "$*" >&2; }

ref=$(git -C "$repo" rev-parse --short "$REF")
head=$(git -C "$repo" rev-parse --short HEAD)
log "work directory: $WORK; base $REF ($ref), new $head$(git -C "$repo" diff --quiet HEAD || echo ' + uncommitted changes')"
git -C "$repo" worktree add -q --detach "$old" "$ref"
trap 'git -C "$repo" worktree remove --force "$old" >/dev/null 2>&1 || true' EXIT
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)" | tee "$res/machine.txt" >&2

names=()
for t in $TAGS; do
	tag=${t/none/}
	for side in ref new; do
		dir=$repo/_examples/benchmark
		[[ $side == ref ]] && dir=$old/_examples/benchmark
		log "build $side-$t.test"
		(cd "$dir" && go test -c -tags "$tag" -o "$bin/$side-$t.test" . &&
			"$bin/$side-$t.test" -test.run '^(TestResponses|TestPayloadResponses|TestCacheModes)$' >/dev/null)
		names+=("$side-$t")
	done
done

n=${#names[@]}
for ((r = 0; r < ROUNDS; r++)); do
	for ((k = 0; k < n; k++)); do
		i=$k
		((r % 2 == 1)) && i=$((n - 1 - k))
		name=${names[i]}
		dir=$repo/_examples/benchmark
		[[ $name == ref-* ]] && dir=$old/_examples/benchmark
		log "round $((r + 1))/$ROUNDS: $name"
		(cd "$dir" && "$bin/$name.test" -test.run '^$' -test.bench "$BENCH" -test.benchmem \
			-test.count 1 -test.benchtime "$BENCHTIME") >>"$res/$name.bench"
	done
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$res/machine.txt" >&2

GOBIN=$bin go install golang.org/x/perf/cmd/benchstat@latest
for t in $TAGS; do
	log "benchstat, tag $t: $ref (base) against $head"
	(cd "$res" && "$bin/benchstat" "ref-$t.bench" "new-$t.bench") | tee "$res/benchstat-$t.txt"
done
log "results in $res"
