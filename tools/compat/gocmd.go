package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// goCmd runs commands inside the temporary module.
type goCmd struct {
	root    string // the temporary module's directory
	verbose bool
}

// result is what a finished command printed.
type result struct {
	stdout, stderr []byte
	exitErr        error // non-nil when the command ran and exited non-zero
}

// run executes name+args in dir (relative to the module root when not
// absolute). The error is non-nil only when the command could not run at all
// or the context ended; a non-zero exit is reported in result.exitErr so the
// caller decides whether that is the product failing or the harness.
func (g *goCmd) run(ctx context.Context, dir, name string, args ...string) (result, error) {
	if dir == "" {
		dir = g.root
	} else if !strings.HasPrefix(dir, "/") {
		dir = g.root + "/" + dir
	}
	if g.verbose {
		fmt.Printf("compat: (cd %s && %s %s)\n", dir, name, strings.Join(args, " "))
	}
	cmd := exec.CommandContext(ctx, name, args...)
	// On deadline, interrupt first: the go command then stops the compilers
	// and test binaries it started; kill only if that takes too long.
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	cmd.Dir = dir
	// GOWORK=off: a go.work above the temporary directory must not leak in.
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := result{stdout: stdout.Bytes(), stderr: stderr.Bytes()}
	if ctx.Err() != nil {
		return res, fmt.Errorf("%s: %w", describe(name, args), errDeadline)
	}
	if _, ok := err.(*exec.ExitError); ok {
		res.exitErr = fmt.Errorf("%s: %w: %s", describe(name, args), err, tail(res.stderr, 20))
		return res, nil
	}
	if err != nil {
		return res, fmt.Errorf("running %s: %w", name, err)
	}
	return res, nil
}

// describe names a command for an error message, shortening long package lists.
func describe(name string, args []string) string {
	s := strings.Join(append([]string{name}, args...), " ")
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

// tail returns the last n lines of b, for error messages.
func tail(b []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
