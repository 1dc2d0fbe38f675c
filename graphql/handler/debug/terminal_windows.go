//go:build windows

package debug

import (
	"os"

	"golang.org/x/sys/windows"
)

// colorTerminal reports whether f is a console that shows ANSI colours,
// switching on the console's escape-sequence processing when it is off.
func colorTerminal(f *os.File) bool {
	h := windows.Handle(f.Fd())
	var mode uint32
	if windows.GetConsoleMode(h, &mode) != nil {
		return false
	}
	if mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0 {
		return true
	}
	return windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING) == nil
}
