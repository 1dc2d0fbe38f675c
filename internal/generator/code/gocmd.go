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
