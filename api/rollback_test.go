package api

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/plugin"
	"github.com/99designs/gqlgen/tools/testmodule"
)

// Stale generated files that no longer compile are deleted before Go
// packages are loaded, so they cannot break the run that replaces them.
func TestGenerateReplacesStaleOutput(t *testing.T) {
	dir := testmodule.New(t, map[string]string{
		"gqlgen.yml":                todoConfig + "skip_mod_tidy: true\n",
		"graph/schema.graphqls":     todoSchema,
		"graph/generated.go":        "package graph\n\nthis does not compile\n",
		"graph/model/models_gen.go": "package model\n\nnor this\n",
	})
	cfg, err := config.LoadConfig("gqlgen.yml")
	require.NoError(t, err)
	require.NoError(t, Generate(cfg))
	models, err := os.ReadFile(filepath.Join(dir, "graph/model/models_gen.go"))
	require.NoError(t, err)
	assert.Contains(t, string(models), "type Todo struct")
}

// failingPlugin fails (or panics) at one stage, after the plugins before it
// have done their work for that stage.
type failingPlugin struct {
	stage string // "config" or "code"
	panic bool
}

func (f failingPlugin) Name() string { return "failing" }

func (f failingPlugin) fail(stage string) error {
	if stage != f.stage {
		return nil
	}
	if f.panic {
		panic("failing plugin panics at " + stage)
	}
	return errors.New("fails at " + stage)
}

func (f failingPlugin) MutateConfig(*config.Config) error { return f.fail("config") }
func (f failingPlugin) GenerateCode(*codegen.Data) error  { return f.fail("code") }

var (
	_ plugin.ConfigMutator = failingPlugin{}
	_ plugin.CodeGenerator = failingPlugin{}
)

// TestGenerateFailureKeepsProject: a project is generated and builds; then a
// run fails in each of the ways a run can fail. Whatever the stage, the
// project's files are afterwards exactly as before the failed run (apart
// from the inputs the case edited), nothing new is left behind, and it
// still builds.
func TestGenerateFailureKeepsProject(t *testing.T) {
	dir := testmodule.New(t, map[string]string{
		"gqlgen.yml":            todoConfig,
		"graph/schema.graphqls": todoSchema,
	})
	cfg, err := config.LoadConfig("gqlgen.yml")
	require.NoError(t, err)
	require.NoError(t, Generate(cfg))
	before := readTree(t, dir)
	for _, f := range []string{"graph/generated.go", "graph/model/models_gen.go", "graph/schema.resolvers.go"} {
		require.Contains(t, before, f, "the first run must produce %s", f)
	}

	// A schema change that makes every generator write something different:
	// a new model field, a new resolver in the existing file, and a whole new
	// schema file with its own resolver file.
	changedSchema := map[string]string{
		"graph/schema.graphqls": strings.Replace(todoSchema, "done: Boolean!", "done: Boolean! priority: Int!", 1) +
			"extend type Query { count: Int! }\n",
		"graph/extra.graphqls": "extend type Query { extra: String! }\n",
	}
	fedConfig := todoConfig + "federation: {filename: graph/federation.go, package: graph, options: {no_such_option: true}}\n"

	cases := []struct {
		name    string
		edits   map[string]string // input files the case writes before running
		options []Option
		wantErr string // part of the error; "" means the run must panic
	}{
		{
			name:    "federation plugin cannot be constructed",
			edits:   map[string]string{"gqlgen.yml": fedConfig},
			wantErr: "failed to construct the Federation plugin",
		},
		{
			name:    "schema does not parse",
			edits:   map[string]string{"graph/schema.graphqls": "type Query { todos: [Todo!]! "},
			wantErr: "failed to load schema",
		},
		{
			name:    "configuration check fails",
			edits:   map[string]string{"gqlgen.yml": strings.Replace(todoConfig, "package: model", "package: model/sub", 1)},
			wantErr: "config.model",
		},
		{
			name: "binding to a missing Go type fails",
			edits: map[string]string{"gqlgen.yml": todoConfig +
				"models:\n  Todo:\n    model: example/graph/model.NoSuchType\n"},
			wantErr: "NoSuchType",
		},
		{
			name:    "a plugin fails after the models were written",
			edits:   changedSchema,
			options: []Option{AddPlugin(failingPlugin{stage: "config"})},
			wantErr: "failing: fails at config",
		},
		{
			name:    "a plugin fails after the resolvers were written",
			edits:   changedSchema,
			options: []Option{AddPlugin(failingPlugin{stage: "code"})},
			wantErr: "failing: fails at code",
		},
		{
			name:    "a plugin panics after the resolvers were written",
			edits:   changedSchema,
			options: []Option{AddPlugin(failingPlugin{stage: "code", panic: true})},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for name, content := range tc.edits {
				require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
			}
			t.Cleanup(func() { // the inputs go back for the next case
				for name := range tc.edits {
					if old, ok := before[name]; ok {
						require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(old), 0o644))
					} else {
						require.NoError(t, os.Remove(filepath.Join(dir, name)))
					}
				}
			})

			run := func() error {
				cfg, err := config.LoadConfig("gqlgen.yml")
				if err != nil {
					return err
				}
				return Generate(cfg, tc.options...)
			}
			if tc.wantErr == "" {
				assert.Panics(t, func() { _ = run() })
			} else {
				err := run()
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				assert.NotContains(t, err.Error(), "restoring", "the restore itself must succeed")
			}

			after := readTree(t, dir)
			for name := range tc.edits {
				delete(after, name)
			}
			for name, content := range before {
				if _, edited := tc.edits[name]; edited {
					continue
				}
				got, ok := after[name]
				if assert.True(t, ok, "%s was deleted", name) {
					assert.True(t, got == content, "%s changed", name)
				}
				delete(after, name)
			}
			assert.Empty(t, keys(after), "files left behind by the failed run")
		})
	}
	testmodule.Go(t, dir, "build", "./...")
}

// readTree maps every file under dir (slash-separated relative paths) to its
// content.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		tree[filepath.ToSlash(rel)] = string(b)
		return err
	})
	require.NoError(t, err)
	return tree
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
