# Summarises compare.sh's generate.txt (lines "MODE SIDE MILLISECONDS"):
# per mode and side the median, mean and range, and ours/upstream.
{
	k = $1 " " $2
	v[k, ++n[k]] = $3
	s[k] += $3
}
function median(k,    i, j, t, a, m) {
	m = n[k]
	for (i = 1; i <= m; i++) a[i] = v[k, i]
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	lo[k] = a[1]
	hi[k] = a[m]
	return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}
END {
	split("codegen full", modes, " ")
	for (i = 1; i <= 2; i++) {
		o = modes[i] " ours"
		u = modes[i] " upstream"
		if (!(o in n) || !(u in n)) continue
		mo = median(o)
		mu = median(u)
		printf "gqlgen generate, 300 types, %s, %d runs each: median, mean [min..max] ms\n", modes[i], n[o]
		printf "  upstream %7.0f %7.0f [%d..%d]\n", mu, s[u] / n[u], lo[u], hi[u]
		printf "  ours     %7.0f %7.0f [%d..%d]\n", mo, s[o] / n[o], lo[o], hi[o]
		printf "  ours/upstream: %.2fx (medians), %.2fx (means)\n", mo / mu, (s[o] / n[o]) / (s[u] / n[u])
	}
}
