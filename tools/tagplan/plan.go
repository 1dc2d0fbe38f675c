package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// listed is the part of `go list -json -deps -test` output the plan needs:
// where a package is and which files its build selects. Test variants
// ("p [p.test]") and test mains ("p.test") are separate entries.
type listed struct {
	ImportPath      string
	Dir             string
	ForTest         string
	Standard        bool
	DepOnly         bool
	GoFiles         []string
	CgoFiles        []string
	SFiles          []string
	CFiles          []string
	CXXFiles        []string
	HFiles          []string
	SysoFiles       []string
	EmbedFiles      []string
	TestEmbedFiles  []string
	XTestEmbedFiles []string
	Imports         []string
	Deps            []string
	Error           *struct{ Err string }
}

// listFields is the -json=... field list matching listed.
const listFields = "ImportPath,Dir,ForTest,Standard,DepOnly,GoFiles,CgoFiles,SFiles,CFiles,CXXFiles,HFiles,SysoFiles,EmbedFiles,TestEmbedFiles,XTestEmbedFiles,Imports,Deps,Error"

// decodeList reads the concatenated JSON objects go list writes.
func decodeList(r io.Reader) ([]listed, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading go list output: %w", err)
	}
	var all []listed
	for !jsonscan.OnlySpace(data) {
		end, err := jsonscan.FirstValue(data)
		if err != nil {
			return nil, fmt.Errorf("decoding go list output: %w", err)
		}
		var p listed
		if err := codec.Unmarshal(data[:end], &p); err != nil {
			return nil, fmt.Errorf("decoding go list output: %w", err)
		}
		all = append(all, p)
		data = data[end:]
	}
	return all, nil
}

// binary is what `go test` builds and runs for one package under one tag.
type binary struct {
	// Key identifies the build: the files of the package and of every
	// package linked with it. Equal keys under two tags mean the same test
	// binary (but for the -tags line of its build info, see ReadsBuildInfo).
	Key string
	// ReadsBuildInfo is set when a non-standard package in the build can
	// read the binary's build info (runtime/debug.ReadBuildInfo or
	// debug/buildinfo), where the -tags setting differs between tags: such
	// a binary can tell the tags apart, so it is never shared.
	ReadsBuildInfo string
}

// binaries computes, for every package matched by the patterns (the
// entries that are not DepOnly), its test binary under one tag. read opens
// a source file, to look for build-info reads; it is os.ReadFile but in
// tests.
func binaries(pkgs []listed, read func(string) ([]byte, error)) (map[string]binary, error) {
	byPath := make(map[string]*listed, len(pkgs))
	for i := range pkgs {
		byPath[pkgs[i].ImportPath] = &pkgs[i]
	}
	readsInfo := map[string]string{} // import path -> file that reads build info, "" if none
	readsBuildInfo := func(p *listed) (string, error) {
		if p.Standard {
			return "", nil // only runtime/debug and debug/buildinfo themselves
		}
		if why, ok := readsInfo[p.ImportPath]; ok {
			return why, nil
		}
		why := ""
		if slices.Contains(p.Imports, "debug/buildinfo") {
			why = p.ImportPath + " imports debug/buildinfo"
		} else if slices.Contains(p.Imports, "runtime/debug") {
			for _, f := range slices.Concat(p.GoFiles, p.CgoFiles) {
				src, err := read(filepath.Join(p.Dir, f))
				if err != nil {
					return "", err
				}
				if bytes.Contains(src, []byte("ReadBuildInfo")) {
					why = filepath.Join(p.Dir, f) + " calls ReadBuildInfo"
					break
				}
			}
		}
		readsInfo[p.ImportPath] = why
		return why, nil
	}

	out := map[string]binary{}
	for i := range pkgs {
		root := &pkgs[i]
		if root.DepOnly || root.ForTest != "" || strings.HasSuffix(root.ImportPath, ".test") {
			continue
		}
		if root.Error != nil {
			return nil, fmt.Errorf("%s: %s", root.ImportPath, root.Error.Err)
		}
		// The test main when the package has tests, else the package
		// itself (go test still builds and vets it).
		top := root
		if m, ok := byPath[root.ImportPath+".test"]; ok {
			top = m
		}
		members := append([]string{top.ImportPath}, top.Deps...)
		if top != root {
			// The package under test is in Deps as its test variant; the
			// plain package is in the list too, as what vet and the build
			// of the package itself see.
			members = append(members, root.ImportPath)
		}
		sort.Strings(members)
		members = slices.Compact(members)
		h := sha256.New()
		var b binary
		for _, m := range members {
			p, ok := byPath[m]
			if !ok {
				if m == "C" || m == "unsafe" {
					fmt.Fprintf(h, "%s\n", m)
					continue
				}
				return nil, fmt.Errorf("%s: go list did not report its dependency %s", root.ImportPath, m)
			}
			if p.Error != nil {
				return nil, fmt.Errorf("%s: %s", p.ImportPath, p.Error.Err)
			}
			fmt.Fprintf(h, "%s\x00%s\n", p.ImportPath, p.Dir)
			// The files compiled: a test variant's GoFiles ("p [p.test]",
			// "p_test [p.test]") are its test files too. TestGoFiles and
			// XTestGoFiles are not: a package linked as a plain dependency
			// is compiled without them, whichever of them a tag selects.
			for _, files := range [][]string{p.GoFiles, p.CgoFiles, p.SFiles, p.CFiles, p.CXXFiles, p.HFiles, p.SysoFiles,
				p.EmbedFiles, p.TestEmbedFiles, p.XTestEmbedFiles} {
				fmt.Fprintf(h, "\t%s\n", strings.Join(files, "\x00"))
			}
			if b.ReadsBuildInfo == "" {
				why, err := readsBuildInfo(p)
				if err != nil {
					return nil, err
				}
				b.ReadsBuildInfo = why
			}
		}
		b.Key = hex.EncodeToString(h.Sum(nil))
		out[root.ImportPath] = b
	}
	return out, nil
}

// step is one `go test` run: a tag, the packages to test under it, and
// the packages left out because their test binary already ran.
type step struct {
	Tag      string
	Packages []string
	// Same maps each package left out to the earlier tag whose run built
	// the same test binary.
	Same map[string]string
}

// plan decides which packages run under which tag: every package under the
// first tag; under each later tag, the packages whose test binary differs
// from the ones already run under the earlier tags. A binary that reads its
// build info always runs.
func plan(tags []string, bins []map[string]binary) []step {
	ran := map[string]map[string]string{} // package -> key -> tag it ran under
	var steps []step
	for i, tag := range tags {
		s := step{Tag: tag, Same: map[string]string{}}
		for pkg, b := range bins[i] {
			seen := ran[pkg]
			if seen == nil {
				seen = map[string]string{}
				ran[pkg] = seen
			}
			if earlier, ok := seen[b.Key]; ok && b.ReadsBuildInfo == "" {
				s.Same[pkg] = earlier
				continue
			}
			if _, ok := seen[b.Key]; !ok {
				seen[b.Key] = tag
			}
			s.Packages = append(s.Packages, pkg)
		}
		sort.Strings(s.Packages)
		steps = append(steps, s)
	}
	return steps
}

// readFile is os.ReadFile, a variable for tests.
var readFile = os.ReadFile
