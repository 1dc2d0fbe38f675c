//go:build !amd64 || purego

package jsonscan

// escapeStopsKernels are the kernels of this build.
var escapeStopsKernels = map[string]func(*[64]byte) uint64{"chosen": escapeStops64}
