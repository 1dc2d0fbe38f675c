//go:build !windows

package debug

import "os"

// colorTerminal reports whether f is a terminal, which on these systems
// understands ANSI colours.
func colorTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0 && os.Getenv("TERM") != "dumb"
}
