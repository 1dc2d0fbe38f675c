package main

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"time"
)

// maxShownFailures caps the failures printed in full, per scenario; all
// are counted.
const maxShownFailures = 3

// report gathers what the workers and the sampler saw, and judges it.
type report struct {
	out     io.Writer
	verbose bool

	mu       sync.Mutex
	counts   map[string]int // exchanges per scenario
	failures int
	shown    map[string]int // failures printed per scenario
	samples  []sample

	idleGoroutines  int
	finalGoroutines int
	problems        []string
}

func (r *report) record(name string, n uint64, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.counts == nil {
		r.counts, r.shown = map[string]int{}, map[string]int{}
	}
	r.counts[name]++
	if err == nil {
		return
	}
	r.failures++
	if r.shown[name] < maxShownFailures {
		r.shown[name]++
		fmt.Fprintf(r.out, "FAIL exchange %d (%s): %v\n", n, name, err)
	}
}

func (r *report) addSample(s sample) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.err != nil {
		r.problems = append(r.problems, fmt.Sprintf("sampling the server: %v", s.err))
		return
	}
	r.samples = append(r.samples, s)
	if r.verbose {
		fmt.Fprintf(r.out, "sample %s rss %.1f MiB goroutines %d\n", s.at.Format(time.TimeOnly), mib(s.rss), s.goroutines)
	}
}

// finish applies the thresholds and prints the summary.
func (r *report) finish(c config) {
	r.mu.Lock()
	defer r.mu.Unlock()
	total := 0
	names := make([]string, 0, len(r.counts))
	for name, n := range r.counts {
		total += n
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(r.out, "  %-28s %d\n", name, r.counts[name])
	}
	fmt.Fprintf(r.out, "exchanges %d, failures %d (%.0f/s)\n", total, r.failures, float64(total)/c.duration.Seconds())
	if total == 0 {
		r.problems = append(r.problems, "no exchange completed")
	}
	if len(r.counts) < len(scenarios) {
		r.problems = append(r.problems, fmt.Sprintf("only %d of %d scenarios ran; lengthen -duration", len(r.counts), len(scenarios)))
	}
	if r.failures > 0 {
		r.problems = append(r.problems, fmt.Sprintf("%d exchanges failed", r.failures))
	}
	r.judgeRSS(c.maxGrowth)
	fmt.Fprintf(r.out, "goroutines: idle %d, after the load %d (slack %d)\n", r.idleGoroutines, r.finalGoroutines, c.goroutines)
	if r.finalGoroutines < 0 || r.finalGoroutines > r.idleGoroutines+c.goroutines {
		r.problems = append(r.problems, fmt.Sprintf("goroutines did not come back: idle %d, after the load %d", r.idleGoroutines, r.finalGoroutines))
	}
	for _, p := range r.problems {
		fmt.Fprintf(r.out, "PROBLEM %s\n", p)
	}
	if len(r.problems) == 0 {
		fmt.Fprintln(r.out, "PASS")
	} else {
		fmt.Fprintln(r.out, "FAIL")
	}
}

// judgeRSS compares the peak RSS of the first quarter of the samples with
// that of the last quarter. A server that holds a steady state under a
// steady load keeps its peak; one that leaks per request grows with time.
// A floor of 16 MiB keeps the runtime's own heap sizing on a small heap
// from counting as growth.
func (r *report) judgeRSS(maxGrowth float64) {
	if len(r.samples) < 4 {
		r.problems = append(r.problems, fmt.Sprintf("%d samples: too few to judge memory; lengthen -duration or shorten -sample", len(r.samples)))
		return
	}
	q := len(r.samples) / 4
	first, last := peak(r.samples[:q]), peak(r.samples[len(r.samples)-q:])
	allowed := max(int64(float64(first)*(1+maxGrowth)), first+16<<20)
	fmt.Fprintf(r.out, "rss: peak of the first quarter %.1f MiB, of the last %.1f MiB (allowed %.1f MiB); %d samples\n",
		mib(first), mib(last), mib(allowed), len(r.samples))
	if last > allowed {
		r.problems = append(r.problems, fmt.Sprintf("rss grew from %.1f MiB to %.1f MiB", mib(first), mib(last)))
	}
}

func (r *report) ok() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.problems) == 0
}

func peak(s []sample) int64 {
	var m int64
	for _, x := range s {
		m = max(m, x.rss)
	}
	return m
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }
