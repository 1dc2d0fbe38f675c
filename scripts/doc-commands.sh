#!/usr/bin/env bash
# doc-commands.sh: every ```sh block of docs/getting-started.md and
# docs/migrating.md run as written, read from the files themselves, so a
# block that stops working, or one added without a place here, fails
# (make doc-commands; needs the Go module proxy, a few minutes on 2 cores):
#
#  getting-started  blocks 1 and 2 (gqlgen as a tool, then generate,
#                   version, a tagged build checked by go version -m, the
#                   server), in one shell; block 3 (go run) in another,
#                   then the page's prose: generate fails with "missing
#                   go.sum entry", the tools.go of its go block, go mod
#                   tidy, generate passes;
#  migrating        a project on upstream gqlgen from the proxy (init,
#                   generate, build), then blocks 1 (the steps), 2 (which
#                   codec) and 4 (going back) in one shell; block 3 (go.work)
#                   one line at a time, each in a copy of the project that
#                   went back, followed by generate and build;
#  README.md        its quick-start blocks are the guide's commands: each
#                   command of them appears in the guide's blocks (block 4,
#                   make demo / make test, is this repository's).
#
# Each page's blocks see this checkout as ../gqlgen, as the pages say. A
# server started by a block (go run ./server.go) gets PORT=-1: it logs its
# start-up lines, which are checked, and exits instead of serving. Every
# shell has a time limit (STEP_TIMEOUT seconds, default 900); the projects
# live in $WORK (a new temporary directory unless set), removed at the end
# unless KEEP=1.
set -euo pipefail

UPSTREAM=${UPSTREAM:-v0.17.98}
STEP_TIMEOUT=${STEP_TIMEOUT:-900}
repo=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/gqlgen-doc-commands.XXXXXX")}
if [ "${KEEP:-}" != 1 ]; then trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT; fi
mkdir -p "$WORK/blocks"

say() { printf '== %s\n' "$*" >&2; }
fail() { printf 'doc-commands: FAIL: %s\n' "$*" >&2; exit 1; }

# extract FILE NAME WANT: writes the ```sh blocks of FILE to
# $WORK/blocks/NAME.<n>.sh and fails unless there are WANT of them.
extract() {
	local n
	n=$(awk -v out="$WORK/blocks/$2" '
		!inb && /^```sh$/ { n++; f = sprintf("%s.%d.sh", out, n); printf "" > f; inb = 1; next }
		inb && /^```$/ { inb = 0; close(f); next }
		inb { print > f }
		END { print n + 0 }' "$1")
	[ "$n" = "$3" ] || fail "$1 has $n sh blocks, this script knows $3: give the new one its place here"
}

# The prelude of every shell: commands echoed, a server run with PORT=-1.
cat >"$WORK/prelude.sh" <<'EOF'
set -euo pipefail
go() {
	if [ "${1:-}" = run ] && [[ "${*: -1}" == *server.go ]]; then
		local out
		if out=$(PORT=-1 command go "$@" 2>&1); then
			printf '%s\n' "$out"; echo "the server did not exit on PORT=-1" >&2; return 1
		fi
		printf '%s\n' "$out"
		grep -q 'build tags: ' <<<"$out" || { echo "the server logged no build tags line" >&2; return 1; }
		return 0
	fi
	command go "$@"
}
set -x
EOF

# shell DIR LOG SCRIPT...: runs the scripts one after the other in one bash
# (so a cd in one carries to the next) in DIR, with the time limit.
shell() {
	local dir=$1 log=$2; shift 2
	say "in $dir: $*"
	local src=". $WORK/prelude.sh"
	for s in "$@"; do src+="; . $s"; done
	if ! (cd "$dir" && timeout "$STEP_TIMEOUT" bash -c "$src") >"$WORK/$log.log" 2>&1; then
		tail -40 "$WORK/$log.log" >&2
		fail "$* in $dir (log above; time limit ${STEP_TIMEOUT}s)"
	fi
}

# place DIR: a directory with this checkout beside it as gqlgen.
place() { mkdir -p "$1"; ln -sfn "$repo" "$1/gqlgen"; }

started=$SECONDS
extract "$repo/docs/getting-started.md" gs 3
extract "$repo/docs/migrating.md" mig 4
extract "$repo/README.md" readme 4

# --- README: its commands are the guide's ----------------------------------
commands() { sed -e 's/[[:space:]]#.*$//' -e 's/[[:space:]]*$//' -e '/^$/d' "$@" | tr -s ' '; }
for pair in "1:gs.1 gs.2" "2:mig.1" "3:mig.4"; do
	b=${pair%%:*}
	guide=()
	for g in ${pair#*:}; do guide+=("$WORK/blocks/$g.sh"); done
	while IFS= read -r cmd; do
		commands "${guide[@]}" | grep -qxF -- "$cmd" || fail "README.md block $b runs '$cmd', which the guide's blocks (${pair#*:}) do not"
	done < <(commands "$WORK/blocks/readme.$b.sh")
done
say "README.md's quick start is the guide's commands"

# --- getting-started --------------------------------------------------------
place "$WORK/gs-tool"
shell "$WORK/gs-tool" gs-tool "$WORK/blocks/gs.1.sh" "$WORK/blocks/gs.2.sh"
grep -q -- '-tags=go_json' "$WORK/gs-tool.log" || fail "go version -m did not show -tags=go_json"
grep -q 'build tags: none' "$WORK/gs-tool.log" || fail "the untagged server did not log 'build tags: none'"

place "$WORK/gs-run"
shell "$WORK/gs-run" gs-run "$WORK/blocks/gs.3.sh"
app=$WORK/gs-run/todo
say "go run ... generate without the tools file must fail with missing go.sum entry"
if (cd "$app" && timeout "$STEP_TIMEOUT" go run github.com/99designs/gqlgen generate) >"$WORK/gs-run-generate.log" 2>&1; then
	fail "generate worked without the tools file: the page's missing go.sum entry paragraph is wrong"
fi
grep -q 'missing go.sum entry' "$WORK/gs-run-generate.log" || { cat "$WORK/gs-run-generate.log" >&2; fail "generate failed otherwise than the page says"; }
mkdir -p "$app/internal/tools"
awk '!inb && /^```go$/ { inb = 1; next } inb && /^```$/ { exit } inb { print }' "$repo/docs/getting-started.md" >"$app/internal/tools/tools.go"
grep -q '^//go:build tools' "$app/internal/tools/tools.go" || fail "docs/getting-started.md's first go block is not the tools file"
printf 'go mod tidy\ngo run github.com/99designs/gqlgen generate\n' >"$WORK/blocks/gs-prose.sh"
shell "$app" gs-run-tools "$WORK/blocks/gs-prose.sh"

# --- migrating --------------------------------------------------------------
place "$WORK/mig"
mkdir -p "$WORK/mig/app"
printf '%s\n' "go mod init example.com/app" "go get -tool github.com/99designs/gqlgen@$UPSTREAM" \
	"go tool gqlgen init" "go tool gqlgen generate" "go build ./..." >"$WORK/blocks/upstream.sh"
shell "$WORK/mig/app" mig-upstream "$WORK/blocks/upstream.sh"
shell "$WORK/mig/app" mig-there-and-back "$WORK/blocks/mig.1.sh" "$WORK/blocks/mig.2.sh" "$WORK/blocks/mig.4.sh"
grep -q '^build: clean-room fork of gqlgen' "$WORK/mig-there-and-back.log" || fail "gqlgen version did not name the fork after migrating"
grep -q -- '-tags=sonic' "$WORK/mig-there-and-back.log" || fail "go version -m did not show -tags=sonic"

i=0
while IFS= read -r line; do
	[ -n "$line" ] || continue
	i=$((i + 1))
	w=$WORK/work$i
	place "$w"
	cp -r "$WORK/mig/app" "$w/app"
	printf '%s\n' "$line" "go tool gqlgen generate" "go build ./..." "go tool gqlgen version" >"$WORK/blocks/work$i.sh"
	shell "$w/app" "work$i" "$WORK/blocks/work$i.sh"
	grep -q '^build: clean-room fork of gqlgen' "$WORK/work$i.log" || fail "with '$line', gqlgen version does not name the fork"
done <"$WORK/blocks/mig.3.sh"
[ "$i" = 2 ] || fail "docs/migrating.md's go.work block has $i lines, this script expects 2"

say "every command block of docs/getting-started.md and docs/migrating.md ran as written in $((SECONDS - started))s"
