// Command tagplan runs `go test` once per codec build tag without running
// the same test binary twice (make test-tags and make examples use it):
//
//	go run ./tools/tagplan -tags "none go_json sonic jsoniter" -testflags "-count=1 -vet=all" ./...
//
// Most packages select no file by codec tag, and neither do the packages
// they are linked with (their tests included): their test binary is the
// same under every tag, so running it under each tag repeats the identical
// run. tagplan asks `go list -deps -test` under each tag which files every
// package's test binary is built from, runs every package under the first
// tag, and under each later tag only the packages whose binary differs from
// the ones already run. It prints which packages run once and why. A binary
// with a non-standard package that reads the build info (which records
// -tags) can tell the tags apart, so it runs under every tag regardless.
//
// With GOFLAGS naming tags in the environment the comparison would not be
// of what runs, so then every package runs under every tag.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
)

func main() {
	tags := flag.String("tags", "none go_json sonic jsoniter", `the build tags, one run each, in order; "none" is no tag`)
	testFlags := flag.String("testflags", "-count=1", "flags for go test, separated by spaces")
	dir := flag.String("C", "", "run go in this directory (another module)")
	dryRun := flag.Bool("n", false, "print the plan, run nothing")
	goCmd := flag.String("go", "go", "the go command")
	flag.Parse()
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	if err := run(*goCmd, *dir, strings.Fields(*tags), strings.Fields(*testFlags), patterns, *dryRun); err != nil {
		fmt.Fprintln(os.Stderr, "tagplan:", err)
		os.Exit(1)
	}
}

// tagArg is the -tags value for a tag name.
func tagArg(tag string) string {
	if tag == "none" {
		return ""
	}
	return tag
}

func run(goCmd, dir string, tags, testFlags, patterns []string, dryRun bool) error {
	if len(tags) == 0 {
		return fmt.Errorf("no tags")
	}
	where := ""
	if dir != "" {
		where = dir + ": "
	}
	var steps []step
	if gf := os.Getenv("GOFLAGS"); strings.Contains(gf, "tags") {
		fmt.Printf("== %sGOFLAGS=%q sets tags: every package runs under every tag\n", where, gf)
		pkgs, err := goList(goCmd, dir, "", append([]string{"-f", "{{.ImportPath}}"}, patterns...)...)
		if err != nil {
			return err
		}
		for _, tag := range tags {
			steps = append(steps, step{Tag: tag, Packages: strings.Fields(string(pkgs))})
		}
	} else {
		bins := make([]map[string]binary, len(tags))
		for i, tag := range tags {
			out, err := goList(goCmd, dir, tagArg(tag), append([]string{"-deps", "-test", "-json=" + listFields}, patterns...)...)
			if err != nil {
				return err
			}
			pkgs, err := decodeList(bytes.NewReader(out))
			if err != nil {
				return err
			}
			if bins[i], err = binaries(pkgs, readFile); err != nil {
				return fmt.Errorf("-tags %q: %w", tagArg(tag), err)
			}
		}
		steps = plan(tags, bins)
		report(where, tags, steps, bins)
	}
	for _, s := range steps {
		if len(s.Packages) == 0 {
			continue
		}
		args := append([]string{"test", "-tags", tagArg(s.Tag)}, testFlags...)
		args = append(args, s.Packages...)
		fmt.Printf("== %sgo test -tags '%s' %s (%d packages)\n", where, tagArg(s.Tag), strings.Join(testFlags, " "), len(s.Packages))
		if dryRun {
			continue
		}
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%sgo test -tags '%s': %w", where, tagArg(s.Tag), err)
		}
	}
	return nil
}

// goList runs go list under one tag with the given arguments and returns
// its output.
func goList(goCmd, dir, tag string, args ...string) ([]byte, error) {
	args = append([]string{"list", "-tags", tag}, args...)
	cmd := exec.Command(goCmd, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out, nil
}

// report prints the plan: which packages run once and why, which run under
// every tag because they read the build info.
func report(where string, tags []string, steps []step, bins []map[string]binary) {
	var once, info []string
	for pkg := range bins[0] {
		n := 0
		for _, s := range steps {
			if _, ok := s.Same[pkg]; !ok {
				n++
			}
		}
		if n == 1 && len(tags) > 1 {
			once = append(once, pkg)
		}
		if why := bins[0][pkg].ReadsBuildInfo; why != "" {
			info = append(info, pkg+" ("+why+")")
		}
	}
	sort.Strings(once)
	sort.Strings(info)
	fmt.Printf("== %s%d of %d packages run once, under '%s': no file of theirs or of any package linked into their test binary is selected by the tags %s, so the test binary is the same under each:\n",
		where, len(once), len(bins[0]), tagArg(tags[0]), strings.Join(tags[1:], ", "))
	for _, pkg := range once {
		fmt.Printf("     %s\n", pkg)
	}
	if len(info) > 0 {
		fmt.Printf("== %srun under every tag because their test binary reads its build info (which records -tags):\n", where)
		for _, line := range info {
			fmt.Printf("     %s\n", line)
		}
	}
	// Packages left out under some later tags but not all of them.
	for _, s := range steps[1:] {
		var partial []string
		for pkg, earlier := range s.Same {
			if !contains(once, pkg) {
				partial = append(partial, pkg+" (as under '"+tagArg(earlier)+"')")
			}
		}
		sort.Strings(partial)
		if len(partial) > 0 {
			fmt.Printf("== %salso left out under '%s', the same binary as under an earlier tag: %s\n", where, tagArg(s.Tag), strings.Join(partial, ", "))
		}
	}
}

func contains(list []string, s string) bool {
	i := sort.SearchStrings(list, s)
	return i < len(list) && list[i] == s
}
