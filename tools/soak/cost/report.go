package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"
)

// window is what one server did in one measured window: the difference of
// two snapshots.
type window struct {
	requests int64
	wall     time.Duration
	cpuNS    int64
	objects  uint64
	bytes    uint64
}

func between(a, b snapshot) window {
	return window{requests: b.requests - a.requests, wall: b.at.Sub(a.at), cpuNS: b.cpuNS - a.cpuNS,
		objects: b.objects - a.objects, bytes: b.bytes - a.bytes}
}

// perSecond is requests per second of wall time.
func (w window) perSecond() float64 {
	if w.wall <= 0 {
		return 0
	}
	return float64(w.requests) / w.wall.Seconds()
}

// cpuMicros is the server's CPU time per request, in microseconds.
func (w window) cpuMicros() float64 { return w.per(float64(w.cpuNS) / 1e3) }

// allocsPer and bytesPer are the heap allocations per request.
func (w window) allocsPer() float64 { return w.per(float64(w.objects)) }
func (w window) bytesPer() float64  { return w.per(float64(w.bytes)) }

func (w window) per(v float64) float64 {
	if w.requests <= 0 {
		return 0
	}
	return v / float64(w.requests)
}

// median of xs (0 for none); xs is not modified.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}

// ratio is a/b, 0 when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// result is one server under one load: every round's window, its peak RSS
// and its byte checks.
type result struct {
	server  string
	windows []window
	peakRSS int64
	checks  *checks
}

// summary is a result's medians over its rounds.
type summary struct {
	server                      string
	rps, cpu, allocs, allocByte float64
	peakRSS                     int64
	answers, wrong              int
}

func (r *result) summary() summary {
	s := summary{server: r.server, peakRSS: r.peakRSS}
	var rps, cpu, al, by []float64
	for _, w := range r.windows {
		rps = append(rps, w.perSecond())
		cpu = append(cpu, w.cpuMicros())
		al = append(al, w.allocsPer())
		by = append(by, w.bytesPer())
	}
	s.rps, s.cpu, s.allocs, s.allocByte = median(rps), median(cpu), median(al), median(by)
	if r.checks != nil {
		for _, n := range r.checks.total {
			s.answers += n
		}
		s.wrong = r.checks.failed()
	}
	return s
}

// writeMarkdown writes one load's table: the medians per server, CPU per
// request as a multiple of the floor's and of upstream's.
func writeMarkdown(w io.Writer, load string, rs []*result) {
	sums := map[string]summary{}
	for _, r := range rs {
		sums[r.server] = r.summary()
	}
	fmt.Fprintf(w, "\n### %s\n\n", load)
	fmt.Fprintln(w, "| server | requests/s | CPU µs/request | × floor | × upstream | allocs/request | bytes/request | peak RSS MiB | answers | wrong |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, r := range rs {
		s := sums[r.server]
		fmt.Fprintf(w, "| %s | %.0f | %.1f | %s | %s | %.1f | %.0f | %.1f | %d | %d |\n", s.server, s.rps, s.cpu,
			times(s.cpu, sums["floor"].cpu), times(s.cpu, sums["upstream"].cpu), s.allocs, s.allocByte,
			float64(s.peakRSS)/(1<<20), s.answers, s.wrong)
	}
}

// times formats a/b as "0.00×", or "" when there is no b.
func times(a, b float64) string {
	if b == 0 {
		return ""
	}
	return fmt.Sprintf("%.2f×", ratio(a, b))
}

// tsvHeader and tsvRow are the per-round figures.
const tsvHeader = "load\tserver\tround\trequests\twall_s\tcpu_us_per_req\tallocs_per_req\tbytes_per_req\trps\n"

func tsvRow(load, server string, round int, w window) string {
	return fmt.Sprintf("%s\t%s\t%d\t%d\t%.3f\t%.2f\t%.1f\t%.0f\t%.0f\n", load, server, round, w.requests, w.wall.Seconds(),
		w.cpuMicros(), w.allocsPer(), w.bytesPer(), w.perSecond())
}

// writeDifferences lists the requests whose answers were not the recorded
// ones, with the first such answer.
func writeDifferences(w io.Writer, load string, rs []*result) {
	for _, r := range rs {
		if r.checks == nil {
			continue
		}
		r.checks.mu.Lock()
		names := make([]string, 0, len(r.checks.bad))
		for n := range r.checks.bad {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(w, "\n%s, %s, %q: %d of %d answers differ from this module's; the first:\n   %s\n", load, r.server, n,
				r.checks.bad[n], r.checks.total[n], strings.ReplaceAll(r.checks.first[n], "\n", "\n   "))
		}
		r.checks.mu.Unlock()
	}
}
