package main

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// median of the values of one side, size and step.
func median(rs []result, size int, side string, st step, get func(usage) float64) (float64, bool) {
	var v []float64
	for _, r := range rs {
		if r.size == size && r.side == side && r.step == st {
			v = append(v, get(r.u))
		}
	}
	if len(v) == 0 {
		return 0, false
	}
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2], true
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2, true
}

func wallS(u usage) float64 { return u.wall.Seconds() }
func cpuS(u usage) float64  { return u.cpu.Seconds() }
func rssMB(u usage) float64 { return float64(u.peakKB) / 1024 }

// goal is one line of the goals table: a ratio ours/upstream that must not
// exceed limit.
type goal struct {
	size  int
	what  string
	st    step
	get   func(usage) float64
	limit float64
}

// report prints the medians of every step for both sides with the ratio
// ours/upstream, then the goals.
func report(s settings, rs []result, failures map[failKey]string) string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("\n%s, %d rounds after a warm-up round, medians; ours = %s", time.Now().UTC().Format("2006-01-02 15:04 UTC"), s.rounds, s.ours)
	p("; schema shape %s", s.shape)
	if s.extraYAML != "" {
		p(" with %s", strings.ReplaceAll(strings.TrimSpace(s.extraYAML), "\n", "; "))
	}
	if s.resolverYAML != "" {
		p(" with resolver: %s", strings.ReplaceAll(strings.TrimSpace(s.resolverYAML), "\n", "; "))
	}
	p("\n\n| types | step | upstream wall | ours wall | ratio | upstream CPU | ours CPU | ratio | upstream peak RSS | ours peak RSS | ratio |\n")
	p("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	cell := func(v float64, ok bool, unit string) string {
		if !ok {
			return "–"
		}
		if unit == "MB" {
			return fmt.Sprintf("%.0f MB", v)
		}
		return fmt.Sprintf("%.1f s", v)
	}
	ratio := func(o, u float64, ok bool) string {
		if !ok || u == 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f×", o/u)
	}
	for _, n := range s.sizes {
		for _, st := range []step{stepGenerate, stepBuild, stepLoop, stepCompile} {
			if st == stepCompile && !s.compile {
				continue
			}
			row := fmt.Sprintf("| %d | %s", n, st)
			for _, m := range []struct {
				get  func(usage) float64
				unit string
			}{{wallS, "s"}, {cpuS, "s"}, {rssMB, "MB"}} {
				u, uok := median(rs, n, "upstream", st, m.get)
				o, ook := median(rs, n, "ours", st, m.get)
				row += fmt.Sprintf(" | %s | %s | %s", cell(u, uok, m.unit), cell(o, ook, m.unit), ratio(o, u, uok && ook))
			}
			p("%s |\n", row)
		}
	}

	var goals []goal
	for _, n := range s.sizes {
		if n > 2000 {
			continue
		}
		goals = append(goals,
			goal{n, "loop wall time", stepLoop, wallS, 0.5},
			goal{n, "loop peak RSS", stepLoop, rssMB, 0.75})
	}
	for _, n := range s.sizes {
		if s.compile {
			goals = append(goals, goal{n, "compile of the generated package, CPU", stepCompile, cpuS, 0.5})
		}
	}
	p("\n| goal | types | ours/upstream | limit | met |\n| --- | ---: | ---: | ---: | --- |\n")
	for _, g := range goals {
		u, uok := median(rs, g.size, "upstream", g.st, g.get)
		o, ook := median(rs, g.size, "ours", g.st, g.get)
		met := "–"
		if uok && ook && u > 0 {
			met = map[bool]string{true: "yes", false: "NO"}[o/u <= g.limit]
		}
		p("| %s | %d | %s | ≤ %.2f× | %s |\n", g.what, g.size, ratio(o, u, uok && ook), g.limit, met)
	}
	for _, n := range s.sizes {
		if n > 2000 {
			_, ok := median(rs, n, "ours", stepLoop, wallS)
			p("\n%d types: ours generated and compiled: %v (the goal: it must)\n", n, map[bool]string{true: "yes", false: "no"}[ok])
		}
		for _, side := range s.sides {
			if msg := failures[failKey{n, side}]; msg != "" {
				p("\n%d types, %s FAILED: %s\n", n, side, tail(msg, 1500))
			}
		}
	}
	return b.String()
}
