package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// usage is what one whole process (with every process it waited for)
// cost.
type usage struct {
	wall   time.Duration
	cpu    time.Duration // user + sys
	peakKB int64         // peak resident set, KiB
}

// fromRusage reads what wait4 reports for a child. Linux folds into it
// the resources of every descendant the child waited for, and its
// ru_maxrss is the largest peak among them all: for `go build` the
// compile and link processes it ran, for `go run` the built program.
func fromRusage(wall time.Duration, ru *syscall.Rusage) usage {
	return usage{
		wall:   wall,
		cpu:    time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		peakKB: ru.Maxrss,
	}
}

// plus is a then b, one after the other: times add up, the peak is the
// larger one.
func (a usage) plus(b usage) usage {
	return usage{wall: a.wall + b.wall, cpu: a.cpu + b.cpu, peakKB: max(a.peakKB, b.peakKB)}
}

// run runs name with args in dir and measures it. The output is kept and
// returned in the error when the command fails.
func run(dir string, timeout time.Duration, env []string, name string, args ...string) (usage, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return usage{}, fmt.Errorf("%s %s in %s: %w\n%s", name, strings.Join(args, " "), dir, err, tail(out.String(), 4000))
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return usage{}, errors.New("no rusage on this platform")
	}
	return fromRusage(wall, ru), nil
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// The harness is also its own -toolexec wrapper: when toolexecOut is set
// in the environment, the program runs the tool it is given and, when the
// tool is the compiler compiling the package named by toolexecPkg, appends
// that compile's usage to the file toolexecOut names.
const (
	toolexecOut = "LOOP_TOOLEXEC_OUT"
	toolexecPkg = "LOOP_TOOLEXEC_PKG"
)

// asToolexec runs the wrapped tool when the program was started as a
// -toolexec wrapper; it reports false otherwise.
func asToolexec() bool {
	outFile := os.Getenv(toolexecOut)
	if outFile == "" || len(os.Args) < 2 {
		return false
	}
	tool, args := os.Args[1], os.Args[2:]
	cmd := exec.Command(tool, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if len(args) == 1 && args[0] == "-V=full" {
		// The go command keys its build cache by this line: marked, the
		// wrapped builds get cache entries of their own, so the measured
		// package is compiled even when a plain build has cached it.
		cmd.Stdout = nil
		out, err := cmd.Output()
		if err != nil {
			fmt.Fprintln(os.Stderr, "toolexec:", err)
			os.Exit(2)
		}
		fmt.Printf("%s loop-toolexec\n", bytes.TrimSpace(out))
		return true
	}
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		fmt.Fprintln(os.Stderr, "toolexec:", err)
		os.Exit(2)
	}
	name := strings.TrimSuffix(filepath.Base(tool), ".exe")
	if i := slices.Index(args, "-p"); name == "compile" && i >= 0 && i+1 < len(args) && args[i+1] == os.Getenv(toolexecPkg) {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			u := fromRusage(wall, ru)
			line := fmt.Sprintf("%d %d %d\n", u.wall, u.cpu, u.peakKB)
			if f, err := os.OpenFile(outFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
				_, _ = f.WriteString(line)
				_ = f.Close()
			}
		}
	}
	os.Exit(cmd.ProcessState.ExitCode())
	return true
}

// compileAlone measures the compiler on one package of the module in dir:
// `go build -toolexec` with this program as the wrapper, which marks the
// tools' version line, so the package is compiled whatever the plain build
// before it cached; its dependencies come from the cache after the warm-up
// round.
func compileAlone(dir, importPath string, timeout time.Duration) (usage, error) {
	self, err := os.Executable()
	if err != nil {
		return usage{}, err
	}
	out := filepath.Join(dir, ".compile-usage")
	_ = os.Remove(out)
	env := []string{toolexecOut + "=" + out, toolexecPkg + "=" + importPath}
	if _, err := run(dir, timeout, env, "go", "build", "-toolexec", self, "./..."); err != nil {
		return usage{}, err
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return usage{}, fmt.Errorf("%s was not compiled (cached?): %w", importPath, err)
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return usage{}, fmt.Errorf("bad compile record %q", data)
	}
	var v [3]int64
	for i := range v {
		if v[i], err = strconv.ParseInt(f[i], 10, 64); err != nil {
			return usage{}, err
		}
	}
	return usage{wall: time.Duration(v[0]), cpu: time.Duration(v[1]), peakKB: v[2]}, nil
}
