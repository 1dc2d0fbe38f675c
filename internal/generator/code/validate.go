package code

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// Validate checks that the packages the go command patterns match, and
// everything they import, compile, by compiling them with `go build`.
//
// The compile is the point: the build cache keeps its result, keyed as the
// user's next `go build` (or `go run`, `go test`) of the same packages with
// the same flags keys it, so that build only compiles what imports the
// generated packages, and links. On a large schema compiling the generated
// package is most of the loop (edit the schema, generate, build): checked
// any other way, for instance type-checked in process, that work would be
// done twice, once here and once by the build.
//
// tags are passed to the go command as -tags. With fast set compiler
// optimisations and inlining are turned off (-gcflags=-N -l): only the
// errors matter then, and the next build compiles again. GOFLAGS and the
// rest of the environment reach the go command as they are.
//
// A failure is a *BuildError carrying what the compiler printed.
func Validate(fast bool, tags []string, patterns ...string) error {
	if len(patterns) == 0 {
		return nil
	}
	args := []string{"build"}
	if len(tags) > 0 {
		args = append(args, "-tags="+strings.Join(tags, ","))
	}
	if fast {
		args = append(args, "-gcflags=-N -l")
	}
	args = append(args, "--")
	args = append(args, patterns...)
	cmd := exec.Command("go", args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &exit):
		return &BuildError{Output: strings.TrimSpace(out.String()), ExitCode: exit.ExitCode()}
	default:
		return fmt.Errorf("running go build: %w", err)
	}
}

// BuildError is a failed `go build` of the generated packages.
type BuildError struct {
	// Output is what the go command printed: for compile errors, a
	// "# import/path" line per package, then one "file:line:col: message"
	// line per error (at most ten per package), file names relative to the
	// working directory.
	Output   string
	ExitCode int
}

// Error is the go command's output, or its exit status when it printed
// nothing.
func (e *BuildError) Error() string {
	if e.Output == "" {
		return fmt.Sprintf("go build exited with status %d", e.ExitCode)
	}
	return e.Output
}
