#!/usr/bin/env bash
# Fetches the pinned npm releases whose files this module embeds and copies
# the files the playground pages load into files/, laid out as
# files/NAME@VERSION/PATH (the layout of the npm package, as on jsDelivr).
# It needs npm and tar, and replaces files/ entirely, so running it again
# with the same pins reproduces the committed tree byte for byte.
#
#   ./fetch.sh          (from contrib/playgroundassets)
#
# To move to another release: change the pin here and in assets.go, run
# the script, then go test (the test checks that every file the handlers
# name is there).
set -euo pipefail
cd "$(dirname "$0")"

# Each line: package@version, then the files to copy from the package
# (directories are copied whole); every package keeps its licence: its
# LICENSE file or, where it ships none, its package.json.
pins=(
	"graphiql@4.1.2 graphiql.min.js graphiql.min.css LICENSE"
	"react@18.2.0 umd/react.production.min.js LICENSE"
	"react-dom@18.2.0 umd/react-dom.production.min.js LICENSE"
	"@graphiql/plugin-explorer@4.0.6 dist/index.umd.js dist/style.css package.json"
	"altair-static@8.1.3 build/dist LICENSE"
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf files
for pin in "${pins[@]}"; do
	read -r spec paths <<<"$pin"
	echo "== $spec"
	tgz=$(cd "$work" && npm pack --silent "$spec" | tail -n 1)
	unpacked="$work/${tgz%.tgz}"
	mkdir -p "$unpacked"
	tar -xzf "$work/$tgz" -C "$unpacked"
	for p in $paths; do
		mkdir -p "files/$spec/$(dirname "$p")"
		cp -R "$unpacked/package/$p" "files/$spec/$p"
	done
done
# npm packs files with a fixed date; keep the tree's permissions uniform.
find files -type d -exec chmod 755 {} + && find files -type f -exec chmod 644 {} +
du -sh files
