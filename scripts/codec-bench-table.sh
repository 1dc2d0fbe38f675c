#!/usr/bin/env bash
# Prints the README's codec benchmark table: for each build tag, each codec
# benchmark's allocs/op and its time as a ratio to encoding/json measured in
# the same run (median of COUNT runs).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-5}
echo "| tag | benchmark | allocs/op (std → codec) | time vs encoding/json |"
echo "| --- | --- | --- | --- |"
for tag in go_json sonic jsoniter; do
	go test -tags "$tag" -run '^$' -bench . -benchmem -count "$count" ./codec/ |
		awk -v tag="$tag" '
		/^Benchmark/ {
			split($1, p, "/"); name = p[1]; sub(/^Benchmark/, "", name); side = p[2]; sub(/-[0-9]+$/, "", side)
			for (i = 2; i <= NF; i++) { if ($i == "ns/op") ns = $(i-1); if ($i == "allocs/op") al = $(i-1) }
			key = name SUBSEP side; n[key]++; t[key, n[key]] = ns; allocs[key] = al; names[name] = 1
		}
		function median(key,   i, j, m, v, tmp) {
			m = n[key]; for (i = 1; i <= m; i++) v[i] = t[key, i]
			for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { tmp = v[i]; v[i] = v[j]; v[j] = tmp }
			return v[int((m + 1) / 2)]
		}
		END {
			for (name in names) {
				s = name SUBSEP "std"; a = name SUBSEP "active"
				printf "| %s | %s | %s → %s | %.2f× |\n", tag, name, allocs[s], allocs[a], median(a) / median(s)
			}
		}' | sort
done
