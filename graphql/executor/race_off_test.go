//go:build !race

package executor_test

// raceEnabled reports a -race build, where allocation counts mean nothing.
const raceEnabled = false
