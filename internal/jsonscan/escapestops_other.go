//go:build !amd64 || purego

package jsonscan

// escapeStops64 is EscapeStops for the 64 bytes at p.
func escapeStops64(p *[64]byte) uint64 { return escapeStopsGeneric(p) }
