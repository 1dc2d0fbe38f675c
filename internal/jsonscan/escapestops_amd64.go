//go:build amd64 && !purego

package jsonscan

// escapeStops64 is EscapeStops for the 64 bytes at p (escapestops_amd64.s).
//
//go:noescape
func escapeStops64(p *[64]byte) uint64
