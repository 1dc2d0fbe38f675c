//go:build !unix

package benchmark_test

import "testing"

// cpuMeter reports nothing where getrusage is missing: cpu-ns/op is a
// unix-only metric (cputime_test.go).
type cpuMeter struct{}

func startCPU(*testing.B) cpuMeter { return cpuMeter{} }

func (cpuMeter) stop(*testing.B) {}
