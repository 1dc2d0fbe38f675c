//go:build unix

package benchmark_test

import (
	"syscall"
	"testing"
)

// processCPU is the CPU time (user+sys, every thread: the garbage
// collector's workers included) the process has used so far, in
// nanoseconds.
func processCPU(b *testing.B) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatalf("getrusage: %v", err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// cpuMeter reports, beside a benchmark's wall time, the CPU time its loop
// used per iteration as the cpu-ns/op metric. On a machine shared with other
// work the wall time of an iteration includes the time it waited for a
// core; its CPU time does not, so the two sides of a comparison run in the
// same window are compared on what they spent. Start it right after
// b.ResetTimer and stop it right after the loop.
type cpuMeter struct{ start int64 }

func startCPU(b *testing.B) cpuMeter { return cpuMeter{processCPU(b)} }

func (m cpuMeter) stop(b *testing.B) {
	b.ReportMetric(float64(processCPU(b)-m.start)/float64(b.N), "cpu-ns/op")
}
