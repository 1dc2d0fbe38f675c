//go:build amd64 && !purego

package jsonscan

import "golang.org/x/sys/cpu"

// useAVX2 picks the 32-byte kernel where the processor has it.
var useAVX2 = cpu.X86.HasAVX2

// escapeStops64 is EscapeStops for the 64 bytes at p
// (escapestops_amd64.s): 32 bytes at a time with AVX2, else 16 with SSE2.
func escapeStops64(p *[64]byte) uint64 {
	if useAVX2 {
		return escapeStops64AVX2(p)
	}
	return escapeStops64SSE2(p)
}

//go:noescape
func escapeStops64AVX2(p *[64]byte) uint64

//go:noescape
func escapeStops64SSE2(p *[64]byte) uint64
