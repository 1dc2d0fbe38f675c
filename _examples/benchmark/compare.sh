#!/usr/bin/env bash
# compare.sh: this module against upstream gqlgen on the same schemas,
# resolvers and requests. Run by hand (not part of make test):
#
#   _examples/benchmark/compare.sh                  # everything, defaults below
#   ROUNDS=3 BENCHTIME=500ms GENRUNS=3 _examples/benchmark/compare.sh
#
# Steps:
#  1. generate this module's code with this repository's generator
#     (go run github.com/99designs/gqlgen generate in todo/, realistic/,
#     entities/ and payload/);
#  2. copy the module's hand-written sources into a temporary directory
#     outside the repository, require upstream gqlgen $UPSTREAM there (Go
#     module proxy) and run upstream's generator on the same gqlgen.yml;
#  3. build the test binaries: upstream once, ours once per codec tag, and
#     check every benchmark's response with each (TestResponses);
#  4. run them in alternating rounds (the order rotates every round);
#  5. compare with benchstat (upstream is the base column) and check the
#     goals (goals.awk: time ratios to upstream, exact allocations, and,
#     from a second benchstat with none as the base, that no codec tag is
#     slower than no tag);
#  6. time `gqlgen generate` on a generated 300-type schema, ours against
#     upstream, alternating, GENRUNS runs each.
#
# Upstream's generated code stays in $WORK (printed at the start); nothing is
# written into the repository except what step 1 regenerates.
#
# Environment: ROUNDS (6; 0 skips steps 3-5), BENCHTIME (1s), BENCH (.;
# a -test.bench pattern: BENCH='EscapedStrings|MapScalars|LargeVariables'
# runs the payload benchmarks alone, BENCH='Cache|FirstSeen' the cache ones),
# TAGS ("none go_json sonic jsoniter"; add jsonv2 for the encoding/json/v2
# codec, built with GOEXPERIMENT=jsonv2), GENRUNS (3; 0 skips step 6),
# GENMODES ("codegen full"), WORK (a new mktemp -d), UPSTREAM (v0.17.98),
# SKIP_GENERATE=1 keeps the committed generated code as it is, GENONLY=1
# runs step 6 alone:
#
#   GENONLY=1 GENRUNS=5 _examples/benchmark/compare.sh
set -euo pipefail

ROUNDS=${ROUNDS:-6}
BENCHTIME=${BENCHTIME:-1s}
BENCH=${BENCH:-.}
TAGS=${TAGS:-none go_json sonic jsoniter}
GENRUNS=${GENRUNS:-3}
GENMODES=${GENMODES:-codegen full}
UPSTREAM=${UPSTREAM:-v0.17.98}
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/gqlgen-compare.XXXXXX")}

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
mod=$(cd "$here" && go list -m)
bin=$WORK/bin
res=$WORK/results
mkdir -p "$bin" "$res"
log() { printf '\n== %s\n' "$*" >&2; }

log "work directory: $WORK"
{
	echo "date:     $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "go:       $(go version)"
	echo "cpu:      $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
	echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min, at start)"
	echo "ours:     $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD -- . ':(exclude)_examples' || echo ' + uncommitted changes')"
	echo "upstream: github.com/99designs/gqlgen $UPSTREAM"
	echo "command:  ${GENONLY:+GENONLY=$GENONLY }ROUNDS=$ROUNDS BENCHTIME=$BENCHTIME GENRUNS=$GENRUNS GENMODES='$GENMODES' TAGS='$TAGS' $0"
} | tee "$res/machine.txt" >&2

# The hand-written part of the benchmark module: what both sides share.
sources() {
	(cd "$here" && find . -path ./gen300 -prune -o -type f \
		\( -name '*.go' -o -name '*.graphqls' -o -name gqlgen.yml \) -print |
		grep -v -e '/generated\.go$' -e '/federation\.go$' -e '/models_gen\.go$' -e '_test\.go$' -e '^\./tools\.go$' || true)
}

# Steps 1 to 5 run unless GENONLY is set.
if [[ -z ${GENONLY:-} ]]; then
# --- 1. ours ---------------------------------------------------------------
if [[ -z ${SKIP_GENERATE:-} ]]; then
	for s in todo realistic entities payload; do
		log "ours: generate $s"
		(cd "$here/$s" && go run github.com/99designs/gqlgen generate)
	done
fi

# --- 2. upstream -----------------------------------------------------------
up=$WORK/upstream
log "upstream $UPSTREAM: copy of the module in $up"
rm -rf "$up"
mkdir -p "$up"
(cd "$here" && sources | tar -cf - -T - bench_test.go payload_test.go cache_test.go cputime_test.go cputime_other_test.go tools.go) | tar -C "$up" -xf -
cat >"$up/go.mod" <<EOF
module $mod

go 1.26.0

require github.com/99designs/gqlgen $UPSTREAM
EOF
(cd "$up" && go mod tidy -e >/dev/null 2>&1 || true)
for s in todo realistic entities payload; do
	log "upstream: generate $s"
	(cd "$up/$s" && go run "github.com/99designs/gqlgen@$UPSTREAM" generate)
done
(cd "$up" && go mod tidy && go vet .)

# Steps 3 to 5 run when ROUNDS > 0.
if ((ROUNDS > 0)); then
# --- 3. test binaries ------------------------------------------------------
	names=(upstream)
	log "build upstream.test"
	(cd "$up" && go test -c -o "$bin/upstream.test" . && "$bin/upstream.test" -test.run '^(TestResponses|TestPayloadResponses|TestCacheModes)$')
	for t in $TAGS; do
		tag=${t/none/}
		# The jsonv2 codec needs the toolchain experiment on.
		exp=${GOEXPERIMENT:-}
		[[ $t == jsonv2 ]] && exp=jsonv2${exp:+,$exp}
		log "build $t.test (ours, -tags '$tag'${exp:+, GOEXPERIMENT=$exp})"
		(cd "$here" && GOEXPERIMENT=$exp go vet -tags "$tag" . && GOEXPERIMENT=$exp go test -c -tags "$tag" -o "$bin/$t.test" . &&
			"$bin/$t.test" -test.run '^(TestResponses|TestPayloadResponses|TestCacheModes)$')
		names+=("$t")
	done

# --- 4. alternating rounds -------------------------------------------------
	rm -f "$res"/*.bench
	n=${#names[@]}
	for ((r = 0; r < ROUNDS; r++)); do
		for ((k = 0; k < n; k++)); do
			name=${names[(k + r) % n]}
			dir=$here
			[[ $name == upstream ]] && dir=$up
			log "round $((r + 1))/$ROUNDS: $name"
			(cd "$dir" && "$bin/$name.test" -test.run '^$' -test.bench "$BENCH" -test.benchmem \
				-test.count 1 -test.benchtime "$BENCHTIME") | tee -a "$res/$name.bench" | grep '^Benchmark' >&2
		done
	done
	echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min, at the end of the rounds)" | tee -a "$res/machine.txt" >&2

# --- 5. benchstat ----------------------------------------------------------
	log "benchstat"
	GOBIN=$bin go install golang.org/x/perf/cmd/benchstat@latest
	args=()
	for name in "${names[@]}"; do args+=("$name=$res/$name.bench"); done
	(cd "$res" && "$bin/benchstat" "${args[@]}") | tee "$res/benchstat.txt"
	"$bin/benchstat" -format csv "${args[@]}" >"$res/benchstat.csv"
	# The codecs against no tag (none as the base column), for the check
	# that no tag is slower than none.
	vsnone=()
	if [[ " $TAGS " == *" none "* ]]; then
		for name in "${names[@]}"; do [[ $name == upstream ]] || vsnone+=("$name=$res/$name.bench"); done
		(cd "$res" && "$bin/benchstat" "${vsnone[@]}") >"$res/benchstat-vs-none.txt"
		"$bin/benchstat" -format csv "${vsnone[@]}" >"$res/vsnone.csv"
		vsnone=("$res/vsnone.csv")
	fi
	awk -f "$here/goals.awk" "$res/benchstat.csv" "${vsnone[@]}" | tee "$res/goals.md"
fi
fi # GENONLY

# --- 6. generate timing ----------------------------------------------------
# The same 300-type module twice: ours through a replace of this
# repository, upstream from the module proxy, each generator built once.
# Every run starts from the schema and gqlgen.yml alone (generated files,
# resolvers and go.mod/go.sum changes of the previous run removed), so each
# run is a project's first generate. Two modes, alternating ours/upstream,
# each after one untimed warm-up run per side:
#   codegen: skip_validation and skip_mod_tidy set: the generator's own work;
#   full:    the defaults (go mod tidy, then validation of the output:
#            upstream compiles it with `go build`, ours type-checks it
#            against its dependencies' export data); each run's schema
#            starts with a comment naming the run, so the embedded schema,
#            and with it the package to check, is new and the build cache
#            cannot answer: what a user waits for after changing the schema.
if ((GENRUNS > 0)); then
	schema300=$WORK/schema300.graphqls
	(cd "$here" && go run ./gen300 >"$schema300")
	for side in ours upstream; do
		d=$WORK/gen-$side
		rm -rf "$d"
		mkdir -p "$d/graph"
		cp "$here/gen300/gqlgen.yml" "$d/gqlgen.yml.full"
		{ cat "$d/gqlgen.yml.full"; printf 'skip_validation: true\nskip_mod_tidy: true\n'; } >"$d/gqlgen.yml.codegen"
		printf '//go:build tools\n\npackage tools\n\nimport _ "github.com/99designs/gqlgen"\n' >"$d/tools.go"
		printf 'module example.com/gen300\n\ngo 1.26.0\n\nrequire github.com/99designs/gqlgen %s\n' "$UPSTREAM" >"$d/go.mod"
		if [[ $side == ours ]]; then
			printf '\nreplace github.com/99designs/gqlgen => %s\n' "$repo" >>"$d/go.mod"
		fi
		(cd "$d" && go mod tidy -e >/dev/null 2>&1 || true)
		(cd "$d" && go build -o "$bin/gqlgen-$side" github.com/99designs/gqlgen)
		cp "$d/go.mod" "$d/go.mod.orig"
		cp "$d/go.sum" "$d/go.sum.orig"
	done
	# gen SIDE MODE LABEL: one timed run from scratch; prints milliseconds.
	gen() {
		local d=$WORK/gen-$1 start end
		rm -rf "$d/graph"
		mkdir -p "$d/graph"
		{ echo "# $3"; cat "$schema300"; } >"$d/graph/schema.graphqls"
		cp "$d/gqlgen.yml.$2" "$d/gqlgen.yml"
		cp "$d/go.mod.orig" "$d/go.mod"
		cp "$d/go.sum.orig" "$d/go.sum"
		start=$(date +%s%N)
		(cd "$d" && "$bin/gqlgen-$1" generate >&2) || { echo "gqlgen generate failed ($1, $2)" >&2; return 1; }
		end=$(date +%s%N)
		echo $(((end - start) / 1000000))
	}
	: >"$res/generate.txt"
	for mode in $GENMODES; do
		log "generate timing ($mode): 300-type schema, $GENRUNS runs each after a warm-up"
		for side in ours upstream; do gen "$side" "$mode" "warm-up $mode $(date +%s%N)" >/dev/null || exit 1; done
		for ((r = 0; r < GENRUNS; r++)); do
			for side in ours upstream; do
				ms=$(gen "$side" "$mode" "$mode run $r $(date +%s%N)") || exit 1
				echo "$mode $side $ms" >>"$res/generate.txt"
				echo "$mode $side run $((r + 1)): ${ms} ms" >&2
			done
		done
	done
	# Both outputs must compile (the last run of each side was validated
	# by its own generator in full mode; build again to be sure).
	(cd "$WORK/gen-ours" && go build ./...)
	(cd "$WORK/gen-upstream" && go build ./...)
	wc -l "$WORK"/gen-*/graph/generated.go | tee "$res/generate-lines.txt" >&2
	awk -f "$here/gen300/summary.awk" "$res/generate.txt" | tee "$res/generate-summary.txt"
fi

log "results in $res (benchstat.txt, goals.md, generate-summary.txt, machine.txt, *.bench)"
