//go:build amd64 && !purego

package jsonscan

// escapeStopsKernels are the kernels this processor can run.
var escapeStopsKernels = func() map[string]func(*[64]byte) uint64 {
	k := map[string]func(*[64]byte) uint64{"sse2": escapeStops64SSE2, "chosen": escapeStops64}
	if useAVX2 {
		k["avx2"] = escapeStops64AVX2
	}
	return k
}()
