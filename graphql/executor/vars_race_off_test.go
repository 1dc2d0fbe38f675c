//go:build !race

package executor

// coerceRace reports a -race build, where allocation counts mean nothing.
const coerceRace = false
