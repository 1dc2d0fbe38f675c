package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSchemaPatterns(t *testing.T) {
	chdirTemp(t, map[string]string{
		"graph/schema.graphqls":         "",
		"graph/a/one.graphqls":          "",
		"graph/a/b/two.graphqls":        "",
		"graph/a/b/notes.txt":           "",
		"graph/c/with space.graphqls":   "",
		"graph/dir.graphqls/inner.txt":  "",
		"other/three.graphql":           "",
		"other/deep/four.graphql":       "",
		"top.graphql":                   "",
		"graph/generated/skip.graphqls": "",
	})
	tests := []struct {
		name     string
		patterns []string
		want     StringList
		wantErr  string
	}{
		{name: "plain file", patterns: []string{"top.graphql"}, want: StringList{"top.graphql"}},
		{name: "missing file matches nothing", patterns: []string{"nope.graphql"}, want: StringList{}},
		{name: "single-level glob skips directories", patterns: []string{"graph/*.graphqls"}, want: StringList{"graph/schema.graphqls"}},
		{
			name:     "double star walks in lexical order and skips directories",
			patterns: []string{"graph/**/*.graphqls"},
			want: StringList{
				"graph/a/b/two.graphqls", "graph/a/one.graphqls", "graph/c/with space.graphqls",
				"graph/generated/skip.graphqls", "graph/schema.graphqls",
			},
		},
		{
			name:     "double star with a file name",
			patterns: []string{"graph/**/two.graphqls"},
			want:     StringList{"graph/a/b/two.graphqls"},
		},
		{
			name:     "double star from the working directory",
			patterns: []string{"**/*.graphql"},
			want:     StringList{"other/deep/four.graphql", "other/three.graphql", "top.graphql"},
		},
		{
			name:     "duplicates keep their first position",
			patterns: []string{"other/three.graphql", "other/**/*.graphql", "top.graphql", "other/three.graphql"},
			want:     StringList{"other/three.graphql", "other/deep/four.graphql", "top.graphql"},
		},
		{
			name:     "walk root missing",
			patterns: []string{"not_walkable/**/*.graphql"},
			wantErr:  "failed to walk schema at root not_walkable/: lstat not_walkable/: no such file or directory",
		},
		{
			name:     "bad regexp after double star",
			patterns: []string{"graph/**/(*.graphqls"},
			wantErr:  "failed to walk schema at root graph/: pattern \"(*.graphqls\": error parsing regexp",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i, p := range tt.patterns {
				tt.patterns[i] = filepath.FromSlash(p)
			}
			got, err := expandSchemaPatterns(tt.patterns)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			for i, f := range got {
				got[i] = filepath.ToSlash(f)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestLoadConfigFromDefaultLocations(t *testing.T) {
	root := chdirTemp(t, map[string]string{
		"gqlgen.yml":                "schema: outer\n",
		"project/.gqlgen.yml":       "schema: hidden\n",
		"project/gqlgen.yml":        "schema: visible\n",
		"project/sub/gqlgen.yaml":   "schema: inner\n",
		"project/sub/deeper/x.txt":  "",
		"elsewhere/nested/.keep":    "",
		"project/sub/inner":         "type Query { a: Int }",
		"outer":                     "type Query { a: Int }",
		"project/hidden":            "type Query { a: Int }",
		"project/sub/deeper/inner":  "not read: the config's directory counts",
		"elsewhere/nested/ignored":  "",
		"project/sub/deeper/.empty": "",
	})
	tests := []struct {
		name, from, wantDir string
		wantSchema          StringList
	}{
		{"in the working directory, .gqlgen.yml first", "project", "project", StringList{"hidden"}},
		{"gqlgen.yaml", "project/sub", "project/sub", StringList{"inner"}},
		{"nearest parent", "project/sub/deeper", "project/sub", StringList{"inner"}},
		{"far parent", "elsewhere/nested", ".", StringList{"outer"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(filepath.Join(root, filepath.FromSlash(tt.from)))
			cfg, err := LoadConfigFromDefaultLocations()
			require.NoError(t, err)
			assert.Equal(t, tt.wantSchema, cfg.SchemaFilename)
			wd, err := os.Getwd()
			require.NoError(t, err)
			assert.Equal(t, filepath.Join(root, filepath.FromSlash(tt.wantDir)), wd, "changes into the config's directory")
		})
	}

	t.Run("none", func(t *testing.T) {
		chdirTemp(t, nil)
		if _, err := os.Stat(filepath.Join(filepath.Dir(root), "gqlgen.yml")); err == nil {
			t.Skip("a gqlgen.yml above the temporary directory")
		}
		_, err := LoadConfigFromDefaultLocations()
		require.ErrorIs(t, err, fs.ErrNotExist)
	})
}

func TestLoadDefaultConfig(t *testing.T) {
	chdirTemp(t, map[string]string{"schema.graphql": "type Query { a: Int }"})
	cfg, err := LoadDefaultConfig()
	require.NoError(t, err)
	require.Len(t, cfg.Sources, 1)
	assert.Equal(t, "schema.graphql", cfg.Sources[0].Name)
	assert.Equal(t, "generated.go", cfg.Exec.Filename)

	chdirTemp(t, nil)
	_, err = LoadDefaultConfig()
	require.ErrorIs(t, err, fs.ErrNotExist)
	assert.ErrorContains(t, err, "unable to open schema: ")
}

func TestInitialisms(t *testing.T) {
	t.Cleanup(func() { GoInitialismsConfig{}.setInitialisms() })
	tests := []struct {
		name    string
		cfg     GoInitialismsConfig
		has     []string
		hasNot  []string
		wantLen int
	}{
		{"defaults", GoInitialismsConfig{}, []string{"ID", "HTTP", "JSON"}, []string{"CC"}, 0},
		{"added, any case", GoInitialismsConfig{Initialisms: []string{"cc", "Bcc"}}, []string{"ID", "CC", "BCC"}, nil, 0},
		{"replacing", GoInitialismsConfig{ReplaceDefaults: true, Initialisms: []string{"cc"}}, []string{"CC"}, []string{"ID"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.setInitialisms()
			got := templatesInitialisms()
			for _, w := range tt.has {
				assert.True(t, got[w], w)
			}
			for _, w := range tt.hasNot {
				assert.False(t, got[w], w)
			}
			if tt.wantLen > 0 {
				assert.Len(t, got, tt.wantLen)
			}
		})
	}

	t.Run("names follow the configuration", func(t *testing.T) {
		GoInitialismsConfig{Initialisms: []string{"CC"}}.setInitialisms()
		assert.Equal(t, "EmailCC", toGo("email_cc"))
		GoInitialismsConfig{ReplaceDefaults: true}.setInitialisms()
		assert.Equal(t, "UserId", toGo("user_id"))
	})
}
