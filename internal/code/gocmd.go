package code

import (
	"fmt"
	"os"
	"os/exec"
)

// ModTidy runs `go mod tidy` in the working directory, printing its output,
// and empties the package cache since dependencies may have changed.
func (p *Packages) ModTidy() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for path, pkg := range p.byPath {
		p.drop(path, pkg)
	}
	p.walked = nil
	p.errs = nil

	cmd := exec.Command("go", "mod", "tidy")
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stdout
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go mod tidy failed: %w", err)
	}
	return nil
}

// ValidateWithBuild checks that the given packages compile by running
// `go build` on them, which reuses the build cache instead of type-checking
// everything again in process. With fast set, compiler optimisations are
// turned off: only the errors matter. The error carries the compiler output.
func ValidateWithBuild(fast bool, importPaths ...string) error {
	args := []string{"build"}
	if fast {
		args = append(args, "-gcflags=-N -l")
	}
	args = append(args, importPaths...)
	out, err := exec.Command("go", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("validation failed: %w\n%s", err, out)
	}
	return nil
}
