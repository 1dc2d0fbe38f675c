package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// modFile is the part of `go mod edit -json` output we read.
type modFile struct {
	Require []struct {
		Path    string
		Version string
	}
}

// addUpstreamRequirements makes the temporary module able to build upstream's
// fixtures and tests: every module upstream requires and our go.mod lacks is
// added at upstream's version, then `go mod tidy -e` fills in go.sum and the
// rest. Our own requirements keep their versions. Only the copy is touched.
// report prints what was added.
func addUpstreamRequirements(ctx context.Context, gc *goCmd, upstreamDir string, report bool) error {
	theirs, err := readModFile(ctx, gc, filepath.Join(upstreamDir, "go.mod"))
	if err != nil {
		return err
	}
	ours, err := readModFile(ctx, gc, filepath.Join(gc.root, "go.mod"))
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, r := range ours.Require {
		have[r.Path] = true
	}
	args := []string{"mod", "edit"}
	var added []string
	for _, r := range theirs.Require {
		if !have[r.Path] {
			args = append(args, "-require="+r.Path+"@"+r.Version)
			added = append(added, r.Path+"@"+r.Version)
		}
	}
	if len(added) > 0 {
		res, err := gc.run(ctx, "", "go", args...)
		if err != nil {
			return err
		}
		if res.exitErr != nil {
			return fmt.Errorf("adding upstream requirements: %w", res.exitErr)
		}
		if report {
			fmt.Printf("compat: added to the temporary go.mod: %s\n", strings.Join(added, " "))
		}
	}
	// -e: our runtime may miss packages the fixtures import; tidy must still
	// record everything it can resolve. Its complaints reappear, per package,
	// in the typecheck and test results, so only a failure to run is fatal.
	res, err := gc.run(ctx, "", "go", "mod", "tidy", "-e")
	if err != nil {
		return err
	}
	if res.exitErr != nil {
		fmt.Printf("compat: warning: go mod tidy -e failed in the temporary copy: %v\n", res.exitErr)
	}
	return nil
}

func readModFile(ctx context.Context, gc *goCmd, path string) (modFile, error) {
	var mf modFile
	res, err := gc.run(ctx, "", "go", "mod", "edit", "-json", path)
	if err != nil {
		return mf, err
	}
	if res.exitErr != nil {
		return mf, fmt.Errorf("reading %s: %w", path, res.exitErr)
	}
	if err := json.Unmarshal(res.stdout, &mf); err != nil {
		return mf, fmt.Errorf("decoding %s: %w", path, err)
	}
	return mf, nil
}
