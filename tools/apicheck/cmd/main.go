// Command apicheck fails when this module's exported API breaks a program
// written against upstream gqlgen (see package apicheck). Run it from the
// repository root: go run ./tools/apicheck/cmd
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/99designs/gqlgen/tools/apicheck"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "apicheck:", err)
		os.Exit(1)
	}
}

func run() error {
	dir, err := apicheck.UpstreamDir()
	if err != nil {
		return err
	}
	scratch, err := os.MkdirTemp("", "apicheck-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	want, err := apicheck.Upstream(dir, scratch)
	if err != nil {
		return err
	}
	got, err := apicheck.Ours(".")
	if err != nil {
		return err
	}
	allowed, err := apicheck.Allowed(filepath.Join("tools", "apicheck", "allowed.txt"))
	if err != nil {
		return err
	}
	diffs := apicheck.Compare(want, got)
	var bad int
	used := map[string]bool{}
	for _, d := range diffs {
		if _, ok := allowed[d.Key]; ok {
			used[d.Key] = true
			continue
		}
		bad++
		fmt.Println(d)
	}
	for k := range allowed {
		if !used[k] {
			bad++
			fmt.Printf("%s: listed in allowed.txt but no longer differs: remove the line\n", k)
		}
	}
	names := 0
	for _, p := range want {
		names += len(p.Scope().Names())
	}
	if bad > 0 {
		return fmt.Errorf("%d differences from upstream %s's API (%d packages)", bad, apicheck.UpstreamVersion, len(want))
	}
	fmt.Printf("apicheck: the API of upstream %s's %d public packages is kept (%d differences allowed, with reasons, in tools/apicheck/allowed.txt)\n",
		apicheck.UpstreamVersion, len(want), len(allowed))
	return nil
}
