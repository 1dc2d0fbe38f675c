//go:build !unix

package hostile

import "time"

// cpuTime is not measured here; the cpu-ns/op metric then reads 0.
func cpuTime() time.Duration { return 0 }
