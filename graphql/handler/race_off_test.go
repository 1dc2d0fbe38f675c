//go:build !race

package handler_test

// raceEnabled reports a -race build, where allocation counts mean nothing.
const raceEnabled = false
