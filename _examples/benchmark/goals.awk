# goals.awk turns `benchstat -format csv upstream=... CODEC=...` (upstream
# first) into a Markdown table: each codec's time as a ratio of upstream's
# median, with both medians' ± (benchstat's 95% confidence interval), the
# exact allocations, and the goals of the benchmark issue.
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
}
# The header line naming the columns starts a new metric.
$1 == "" && $2 == "upstream" {
	ncodec = 0
	for (i = 4; i <= NF; i++) if ($i != "") codec[++ncodec] = $i
	next
}
$1 == "" { metric = $2; next }
$1 != "" && $1 != "geomean" && NF > 3 && metric != "" {
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
END {
	print "| benchmark | codec | time ours/upstream (± ours, ± upstream) | allocs/op ours (upstream) | goal | met |"
	print "| --- | --- | --- | --- | --- | --- |"
	for (b = 1; b <= nb; b++) {
		name = order[b]
		for (c = 1; c <= ncodec; c++) {
			k = codec[c]
			r = val["sec/op", name, k] / val["sec/op", name, "upstream"]
			a = val["allocs/op", name, k]
			goal = ""; ok = "yes"
			if (name in tgoal) { goal = sprintf("≤ %.1f× time", tgoal[name]); if (r > tgoal[name]) ok = "no" }
			if (name in agoal) { goal = goal (goal == "" ? "" : ", ") sprintf("≤ %d allocs", agoal[name]); if (a > agoal[name]) ok = "no" }
			if (name in argoal) {
				goal = goal (goal == "" ? "" : ", ") sprintf("≤ %.1f× allocs", argoal[name])
				if (a > argoal[name] * val["allocs/op", name, "upstream"]) ok = "no"
			}
			if (goal == "") { goal = "–"; ok = "–" }
			printf "| %s | %s | %.2f× (±%s, ±%s) | %d (%d) | %s | %s |\n", name, k, r,
				ci["sec/op", name, k], ci["sec/op", name, "upstream"], a, val["allocs/op", name, "upstream"], goal, ok
		}
	}
}
