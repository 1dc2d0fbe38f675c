# Summarises compare.sh's generate.txt (lines "MODE SIDE MILLISECONDS").
{
	k = $1 " " $2
	s[k] += $3
	n[k]++
	if (!(k in lo) || $3 < lo[k]) lo[k] = $3
	if ($3 > hi[k]) hi[k] = $3
}
END {
	split("codegen full", modes, " ")
	for (m = 1; m <= 2; m++) {
		o = modes[m] " ours"
		u = modes[m] " upstream"
		if (!(o in n) || !(u in n)) continue
		printf "gqlgen generate, 300 types, %s, %d runs each: mean [min..max] ms\n", modes[m], n[o]
		printf "  upstream %7.0f [%d..%d]\n", s[u] / n[u], lo[u], hi[u]
		printf "  ours     %7.0f [%d..%d]\n", s[o] / n[o], lo[o], hi[o]
		printf "  ours/upstream: %.2fx (means), %.2fx (minimums)\n", (s[o] / n[o]) / (s[u] / n[u]), lo[o] / lo[u]
	}
}
