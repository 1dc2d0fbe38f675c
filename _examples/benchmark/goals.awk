# goals.awk turns `benchstat -format csv upstream=... CODEC=...` (upstream
# first) into a Markdown table: each codec's time as a ratio of upstream's
# median, with both medians' ± (benchstat's 95% confidence interval), the
# exact allocations, and the goals of the benchmark issue.
#
# Time is measured twice by the benchmarks: wall time (sec/op) and the CPU
# time the process spent (cpu-sec/op, user+sys of every thread, from
# getrusage; cputime_test.go). Both ratios are printed; the goals are judged
# on CPU time when the results have it, because on a machine shared with
# other work the wall time of an iteration includes its waits for a core.
#
# Optionally a second file, `benchstat -format csv none=... CODEC=...` (no
# tag first), adds the check that no codec tag is slower than no tag: a
# codec is slower on a benchmark when benchstat finds its time significantly
# above no tag's (a "+x%" in the vs base column, not "~").
#
#   awk -f goals.awk benchstat.csv [vsnone.csv]
BEGIN {
	FS = ","
	tgoal["TodosEmpty_New"] = 0.2;           agoal["TodosEmpty_New"] = 50
	tgoal["TodosEmpty_DefaultServer"] = 0.3; agoal["TodosEmpty_DefaultServer"] = 20
	tgoal["Todos100"] = 0.2;                 agoal["Todos100"] = 900
	agoal["Variables3"] = 120
	agoal["MutationInput"] = 80
	# Issue 9: _entities with 100 representations, at most 0.2x upstream's
	# time and 0.2x its allocations (a ratio, not a count).
	tgoal["Entities100_Single"] = 0.2;       argoal["Entities100_Single"] = 0.2
	tgoal["Entities100_Batch"] = 0.2;        argoal["Entities100_Batch"] = 0.2
	# Issue 10: the payload benchmarks, every codec (tgoal) and the best
	# codec (bgoal).
	tgoal["EscapedStrings"] = 0.2;           bgoal["EscapedStrings"] = 0.1
	tgoal["MapScalars"] = 0.4;               bgoal["MapScalars"] = 0.25
	tgoal["LargeVariables"] = 0.3;           bgoal["LargeVariables"] = 0.2
}
FNR == 1 { file++ }
# The header line naming the columns starts a new metric.
$1 == "" && $2 != "" && $3 == "" {
	if (file == 2) {
		nvs = 0
		for (i = 4; i <= NF; i++) if ($i != "") vscodec[++nvs] = $i
		next
	}
	ncodec = 0
	for (i = 4; i <= NF; i++) if ($i != "") codec[++ncodec] = $i
	next
}
$1 == "" { metric = $2; next }
file == 2 && $1 != "" && $1 != "geomean" && NF > 3 && (metric == "sec/op" || metric == "cpu-sec/op") {
	name = $1
	sub(/-[0-9]+$/, "", name)
	if (!(name in vsseen)) { vsseen[name] = 1; vsorder[++nvb] = name }
	for (c = 1; c <= nvs; c++) vsm[metric, name, vscodec[c]] = $(6 + (c - 1) * 4)
	next
}
file == 1 && $1 != "" && $1 != "geomean" && NF > 3 && metric != "" {
	name = $1
	sub(/-[0-9]+$/, "", name)
	if (!(name in seen)) { seen[name] = 1; order[++nb] = name }
	val[metric, name, "upstream"] = $2
	ci[metric, name, "upstream"] = $3
	for (c = 1; c <= ncodec; c++) {
		val[metric, name, codec[c]] = $(4 + (c - 1) * 4)
		ci[metric, name, codec[c]] = $(5 + (c - 1) * 4)
	}
}
# judged is the metric a benchmark's time goals are judged on: CPU time
# when it was measured, wall time otherwise.
function judged(name) {
	return (("cpu-sec/op", name, "upstream") in val) ? "cpu-sec/op" : "sec/op"
}
function ratio(m, name, k) {
	if (!((m, name, k) in val) || val[m, name, "upstream"] == 0) return -1
	return val[m, name, k] / val[m, name, "upstream"]
}
function fmtratio(r) { return r < 0 ? "–" : sprintf("%.2f×", r) }
END {
	print "| benchmark | codec | CPU time ours/upstream (± ours, ± upstream) | wall time ours/upstream (± ours, ± upstream) | allocs/op ours (upstream) | goal | met |"
	print "| --- | --- | --- | --- | --- | --- | --- |"
	for (b = 1; b <= nb; b++) {
		name = order[b]
		for (c = 1; c <= ncodec; c++) {
			k = codec[c]
			r = ratio(judged(name), name, k)
			cr = ratio("cpu-sec/op", name, k)
			cpu = cr < 0 ? "–" : sprintf("%s (±%s, ±%s)", fmtratio(cr), ci["cpu-sec/op", name, k], ci["cpu-sec/op", name, "upstream"])
			a = val["allocs/op", name, k]
			goal = ""; ok = "yes"
			if (name in tgoal) { goal = sprintf("≤ %.1f× time", tgoal[name]); if (r > tgoal[name]) ok = "no" }
			if (name in agoal) { goal = goal (goal == "" ? "" : ", ") sprintf("≤ %d allocs", agoal[name]); if (a > agoal[name]) ok = "no" }
			if (name in argoal) {
				goal = goal (goal == "" ? "" : ", ") sprintf("≤ %.1f× allocs", argoal[name])
				if (a > argoal[name] * val["allocs/op", name, "upstream"]) ok = "no"
			}
			if (goal == "") { goal = "–"; ok = "–" }
			printf "| %s | %s | %s | %s (±%s, ±%s) | %d (%d) | %s | %s |\n", name, k, cpu, fmtratio(ratio("sec/op", name, k)),
				ci["sec/op", name, k], ci["sec/op", name, "upstream"], a, val["allocs/op", name, "upstream"], goal, ok
		}
	}
	nbest = 0
	for (b = 1; b <= nb; b++) if (order[b] in bgoal) nbest++
	if (nbest > 0) {
		print ""
		print "| benchmark | best codec | time ours/upstream (judged on) | goal, best codec | met |"
		print "| --- | --- | --- | --- | --- |"
		for (b = 1; b <= nb; b++) {
			name = order[b]
			if (!(name in bgoal)) continue
			best = ""
			for (c = 1; c <= ncodec; c++) {
				r = ratio(judged(name), name, codec[c])
				if (best == "" || r < bestr) { best = codec[c]; bestr = r }
			}
			printf "| %s | %s | %.2f× (%s) | ≤ %.2f× | %s |\n", name, best, bestr, judged(name) == "sec/op" ? "wall" : "CPU", bgoal[name], bestr <= bgoal[name] ? "yes" : "no"
		}
	}
	if (nvb > 0) {
		print ""
		print "No codec tag slower than no tag (benchstat, time against none, CPU time where measured; `~` is no significant difference):"
		print ""
		hdr = "| benchmark |"; sep = "| --- |"
		for (c = 1; c <= nvs; c++) { hdr = hdr " " vscodec[c] " |"; sep = sep " --- |" }
		print hdr " met |"
		print sep " --- |"
		for (b = 1; b <= nvb; b++) {
			name = vsorder[b]; line = "| " name " |"; ok = "yes"
			m = (("cpu-sec/op", name, vscodec[1]) in vsm) ? "cpu-sec/op" : "sec/op"
			for (c = 1; c <= nvs; c++) {
				d = vsm[m, name, vscodec[c]]
				if (d ~ /^\+/) ok = "no"
				line = line " " d " |"
			}
			print line " " ok " |"
		}
	}
}
