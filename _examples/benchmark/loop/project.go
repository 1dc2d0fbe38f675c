package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// modulePath is the import path of every generated project; the
// generated executable schema lands in modulePath/graph.
const modulePath = "example.com/loop"

// project is the module of one side at one size.
type project struct {
	dir   string
	size  int
	side  string
	shape string
}

// gqlgenYAML is the configuration of a new project (what `gqlgen init`
// writes, as in gen300/gqlgen.yml); extra goes under resolver:, top at
// the top level.
func gqlgenYAML(extra, top string) string {
	y := `schema:
  - graph/*.graphqls
exec:
  package: graph
  layout: single-file
  filename: graph/generated.go
model:
  filename: graph/model/models_gen.go
  package: model
resolver:
  package: graph
  layout: follow-schema
  dir: graph
  filename_template: "{name}.resolvers.go"
`
	for _, line := range strings.Split(strings.TrimSpace(extra), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			y += "  " + line + "\n"
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(top), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			y += line + "\n"
		}
	}
	return y
}

// newProject writes the module of side at size n: go.mod (upstream from
// the module proxy, or ours through a replace), tools.go keeping the
// gqlgen command in go.mod, gqlgen.yml and the schema; then go mod tidy.
func newProject(s settings, n int, side string) (*project, error) {
	p := &project{dir: filepath.Join(s.work, fmt.Sprint(n), side), size: n, side: side, shape: s.shape}
	if err := os.MkdirAll(filepath.Join(p.dir, "graph"), 0o755); err != nil {
		return nil, err
	}
	version := s.upstream
	if s.upstreamDir != "" {
		version = "v0.17.98"
	}
	gomod := fmt.Sprintf("module %s\n\ngo 1.26.0\n\nrequire github.com/99designs/gqlgen %s\n", modulePath, version)
	yml := gqlgenYAML("", s.extraYAML)
	switch {
	case side == "ours":
		gomod += fmt.Sprintf("\nreplace github.com/99designs/gqlgen => %s\n", s.ours)
		yml = gqlgenYAML(s.resolverYAML, s.extraYAML)
	case s.upstreamDir != "":
		// The "upstream" side is another checkout of this module (an
		// earlier commit, to compare a change with the code before it):
		// it takes the same gqlgen.yml as ours.
		gomod += fmt.Sprintf("\nreplace github.com/99designs/gqlgen => %s\n", s.upstreamDir)
		yml = gqlgenYAML(s.resolverYAML, s.extraYAML)
	}
	files := map[string]string{
		"go.mod":                gomod,
		"tools.go":              "//go:build tools\n\npackage tools\n\nimport _ \"github.com/99designs/gqlgen\"\n",
		"gqlgen.yml":            yml,
		"graph/schema.graphqls": ormSchema(n, 0, s.shape),
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(p.dir, name), []byte(content), 0o644); err != nil {
			return nil, err
		}
	}
	logf("%d types, %s: go mod tidy in %s", n, side, p.dir)
	if _, err := run(p.dir, s.timeout, nil, "go", "mod", "tidy"); err != nil {
		return nil, err
	}
	return p, nil
}

// round edits the schema (round 0 writes the unedited one), runs the
// generator and then the build, each a whole process, and measures the
// compile of the generated package alone.
func (p *project) round(s settings, round int) ([]result, error) {
	if err := os.WriteFile(filepath.Join(p.dir, "graph", "schema.graphqls"), []byte(ormSchema(p.size, round, p.shape)), 0o644); err != nil {
		return nil, err
	}
	res := func(st step, u usage) result { return result{size: p.size, side: p.side, round: round, step: st, u: u} }

	gen, err := run(p.dir, s.timeout, nil, "go", "run", "github.com/99designs/gqlgen", "generate")
	if err != nil {
		return nil, err
	}
	build, err := run(p.dir, s.timeout, nil, "go", "build", "./...")
	if err != nil {
		return nil, err
	}
	out := []result{res(stepGenerate, gen), res(stepBuild, build), res(stepLoop, gen.plus(build))}
	logf("%d types, %s, round %d: generate %s (cpu %s, %d MB), build %s (cpu %s, %d MB)", p.size, p.side, round,
		gen.wall.Round(1e7), gen.cpu.Round(1e7), gen.peakKB>>10, build.wall.Round(1e7), build.cpu.Round(1e7), build.peakKB>>10)
	if s.compile {
		c, err := compileAlone(p.dir, modulePath+"/graph", s.timeout)
		if err != nil {
			return nil, err
		}
		out = append(out, res(stepCompile, c))
		logf("%d types, %s, round %d: compile of graph alone %s (cpu %s, %d MB)", p.size, p.side, round,
			c.wall.Round(1e7), c.cpu.Round(1e7), c.peakKB>>10)
	}
	return out, nil
}
