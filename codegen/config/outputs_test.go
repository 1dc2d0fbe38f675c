package config

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOutputSectionChecks(t *testing.T) {
	root := tempModule(t, map[string]string{
		"graph/existing.go": "package declared\n",
	})
	abs := func(p string) string { return filepath.ToSlash(filepath.Join(root, filepath.FromSlash(p))) }

	type result struct {
		err                            string
		filename, dir, pkg, importPath string
	}
	tests := []struct {
		name  string
		check func() (string, string, string, string, error)
		want  result
	}{
		{"exec single-file", func() (string, string, string, string, error) {
			e := ExecConfig{Filename: "graph/generated.go"}
			err := e.Check()
			assert.Equal(t, ExecLayoutSingleFile, e.Layout)
			return e.Filename, e.Dir(), e.Package, e.ImportPath(), err
		}, result{filename: abs("graph/generated.go"), dir: abs("graph"), pkg: "declared", importPath: "example.com/app/graph"}},
		{"exec follow-schema", func() (string, string, string, string, error) {
			e := ExecConfig{Layout: ExecLayoutFollowSchema, DirName: "out/exec"}
			err := e.Check()
			return e.Filename, e.Dir(), e.Package, e.ImportPath(), err
		}, result{dir: abs("out/exec"), pkg: "exec", importPath: "example.com/app/out/exec"}},
		{"exec explicit package", func() (string, string, string, string, error) {
			e := ExecConfig{Filename: "graph/generated.go", Package: "mine"}
			err := e.Check()
			return e.Filename, e.Dir(), e.Package, e.ImportPath(), err
		}, result{filename: abs("graph/generated.go"), dir: abs("graph"), pkg: "mine", importPath: "example.com/app/graph"}},
		{"exec without filename", func() (string, string, string, string, error) {
			e := ExecConfig{}
			err := e.Check()
			return "", "", "", "", err
		}, result{err: "filename must be specified when using single-file layout"}},
		{"exec not a go file", func() (string, string, string, string, error) {
			e := ExecConfig{Filename: "graph/generated"}
			err := e.Check()
			return e.Filename, "", "", "", err
		}, result{err: "filename should be path to a go source file when using single-file layout", filename: "graph/generated"}},
		{"exec follow-schema without dir", func() (string, string, string, string, error) {
			e := ExecConfig{Layout: ExecLayoutFollowSchema, Filename: "x.go"}
			err := e.Check()
			return "", "", "", "", err
		}, result{err: "dir must be specified when using follow-schema layout"}},
		{"exec unknown layout", func() (string, string, string, string, error) {
			e := ExecConfig{Layout: "sideways", Filename: "x.go"}
			err := e.Check()
			return "", e.Dir(), "", e.ImportPath(), err
		}, result{err: "invalid layout sideways"}},
		{"exec package with a path", func() (string, string, string, string, error) {
			e := ExecConfig{Filename: "x.go", Package: "graph/x"}
			err := e.Check()
			return "", "", "", "", err
		}, result{err: "package should be the output package name only, do not include the output filename"}},
		{"resolver single-file", func() (string, string, string, string, error) {
			r := ResolverConfig{Filename: "graph/resolver.go"}
			err := r.Check()
			assert.Equal(t, "Resolver", r.Type)
			assert.Equal(t, LayoutSingleFile, r.Layout)
			return r.Filename, r.Dir(), r.Package, r.ImportPath(), err
		}, result{filename: abs("graph/resolver.go"), dir: abs("graph"), pkg: "declared", importPath: "example.com/app/graph"}},
		{"resolver follow-schema defaults its root file", func() (string, string, string, string, error) {
			r := ResolverConfig{Layout: LayoutFollowSchema, DirName: "resolvers", Type: "Root"}
			err := r.Check()
			assert.Equal(t, "Root", r.Type)
			return r.Filename, r.Dir(), r.Package, r.ImportPath(), err
		}, result{filename: abs("resolvers/resolver.go"), dir: abs("resolvers"), pkg: "resolvers", importPath: "example.com/app/resolvers"}},
		{"resolver follow-schema with its own root file", func() (string, string, string, string, error) {
			r := ResolverConfig{Layout: LayoutFollowSchema, DirName: "resolvers", Filename: "resolvers/root.go"}
			err := r.Check()
			return r.Filename, r.Dir(), r.Package, r.ImportPath(), err
		}, result{filename: abs("resolvers/root.go"), dir: abs("resolvers"), pkg: "resolvers", importPath: "example.com/app/resolvers"}},
		{"resolver without filename", func() (string, string, string, string, error) {
			r := ResolverConfig{DirName: "x"}
			err := r.Check()
			return "", "", "", "", err
		}, result{err: "filename must be specified with layout=single-file"}},
		{"resolver not a go file", func() (string, string, string, string, error) {
			r := ResolverConfig{Filename: "x.txt"}
			err := r.Check()
			return "", "", "", "", err
		}, result{err: "filename should be path to a go source file with layout=single-file"}},
		{"resolver follow-schema without dir", func() (string, string, string, string, error) {
			r := ResolverConfig{Layout: LayoutFollowSchema, Filename: "x.go"}
			err := r.Check()
			return "", "", "", "", err
		}, result{err: "dirname must be specified with layout=follow-schema"}},
		{"resolver unknown layout", func() (string, string, string, string, error) {
			r := ResolverConfig{Layout: "x", Filename: "x.go"}
			err := r.Check()
			return "", "", "", "", err
		}, result{err: "invalid layout x. must be single-file or follow-schema"}},
		{"resolver package with a dot", func() (string, string, string, string, error) {
			r := ResolverConfig{Filename: "x.go", Package: "a.b"}
			err := r.Check()
			return "", "", "", "", err
		}, result{err: "package should be the output package name only, do not include the output filename"}},
		{"resolver defined types", func() (string, string, string, string, error) {
			r := ResolverConfig{Filename: "graph/resolver.go", DefinedResolverTypes: true}
			err := r.Check()
			return r.Filename, r.Dir(), r.Package, r.ImportPath(), err
		}, result{filename: abs("graph/resolver.go"), dir: abs("graph"), pkg: "declared", importPath: "example.com/app/graph"}},
		{"resolver defined types without embedding", func() (string, string, string, string, error) {
			r := ResolverConfig{Filename: "x.go", DefinedResolverTypes: true, OmitResolverEmbedding: true}
			err := r.Check()
			return "", "", "", "", err
		}, result{err: "resolver: defined_resolver_types and omit_resolver_embedding cannot both be set"}},
		{"package section", func() (string, string, string, string, error) {
			p := PackageConfig{Filename: "graph/model/models_gen.go"}
			err := p.Check()
			return p.Filename, p.Dir(), p.Package, p.ImportPath(), err
		}, result{filename: abs("graph/model/models_gen.go"), dir: abs("graph/model"), pkg: "model", importPath: "example.com/app/graph/model"}},
		{"package section without filename", func() (string, string, string, string, error) {
			p := PackageConfig{}
			err := p.Check()
			return "", p.Dir(), "", p.ImportPath(), err
		}, result{err: "filename must be specified"}},
		{"package section not a go file", func() (string, string, string, string, error) {
			p := PackageConfig{Filename: "models"}
			err := p.Check()
			return "", "", "", "", err
		}, result{err: "filename should be path to a go source file"}},
		{"package section package checked first", func() (string, string, string, string, error) {
			p := PackageConfig{Package: `a\b`}
			err := p.Check()
			return "", "", "", "", err
		}, result{err: "package should be the output package name only, do not include the output filename"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			filename, dir, pkg, importPath, err := tt.check()
			if tt.want.err != "" {
				require.EqualError(t, err, tt.want.err)
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, tt.want, result{err: tt.want.err, filename: filename, dir: dir, pkg: pkg, importPath: importPath})
		})
	}
}

func TestOutputSectionAccessors(t *testing.T) {
	tempModule(t, nil)

	var p PackageConfig
	assert.False(t, p.IsDefined())
	assert.Nil(t, p.Pkg())
	p.Filename, p.Package = "m/models.go", "models"
	assert.True(t, p.IsDefined())
	assert.Equal(t, "example.com/app/m", p.Pkg().Path())
	assert.Equal(t, "models", p.Pkg().Name())

	var e ExecConfig
	assert.False(t, e.IsDefined())
	assert.Equal(t, "", e.Dir(), "an unset layout counts as single-file")
	assert.Nil(t, e.Pkg())
	e.DirName = "gen"
	assert.True(t, e.IsDefined())
	e.Layout = ExecLayoutFollowSchema
	assert.Equal(t, "example.com/app/gen", e.Pkg().Path())

	var r ResolverConfig
	assert.False(t, r.IsDefined())
	assert.Nil(t, r.Pkg())
	r.Layout, r.DirName, r.Package = LayoutFollowSchema, "res", "res"
	assert.True(t, r.IsDefined())
	assert.Equal(t, "res", r.Dir(), "follow-schema keeps dir as given until Check")
	assert.Equal(t, "example.com/app/res", r.Pkg().Path())
}

func TestConfigCheck(t *testing.T) {
	tempModule(t, nil)
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"consistent", Config{
			Exec:     ExecConfig{Filename: "graph/generated.go", Package: "graph"},
			Model:    PackageConfig{Filename: "graph/model/models.go"},
			Resolver: ResolverConfig{Filename: "graph/resolver.go"},
		}, ""},
		{"exec and model disagree", Config{
			Exec:  ExecConfig{Filename: "generated/exec.go", Package: "graphql"},
			Model: PackageConfig{Filename: "generated/models.go"},
		}, "exec and model define the same import path (example.com/app/generated) with different package names (graphql vs generated)"},
		{"the first disagreeing section is named", Config{
			Exec:     ExecConfig{Filename: "generated/exec.go"},
			Model:    PackageConfig{Filename: "generated/models.go"},
			Resolver: ResolverConfig{Filename: "generated/resolver.go", Package: "res"},
		}, "exec and resolver define the same import path (example.com/app/generated) with different package names (generated vs res)"},
		{"follow-schema exec", Config{
			Exec:  ExecConfig{Layout: ExecLayoutFollowSchema, DirName: "generated", Package: "graphql"},
			Model: PackageConfig{Filename: "generated/models.go"},
		}, "exec and model define the same import path (example.com/app/generated) with different package names (graphql vs generated)"},
		{"federation elsewhere", Config{
			Exec:       ExecConfig{Filename: "generated/exec.go"},
			Federation: PackageConfig{Filename: "anotherpkg/federation.go"},
		}, "federation and exec must be in the same package"},
		{"federation with another package name", Config{
			Exec:       ExecConfig{Filename: "generated/exec.go"},
			Federation: PackageConfig{Filename: "generated/federation.go", Package: "federation"},
		}, "exec and federation define the same import path (example.com/app/generated) with different package names (generated vs federation)"},
		{"bad exec", Config{}, "config.exec: filename must be specified when using single-file layout"},
		{"bad model", Config{Exec: ExecConfig{Filename: "g.go"}, Model: PackageConfig{Filename: "m"}},
			"config.model: filename should be path to a go source file"},
		{"bad resolver", Config{Exec: ExecConfig{Filename: "g.go"}, Resolver: ResolverConfig{Layout: "x", DirName: "d"}},
			"config.resolver: invalid layout x. must be single-file or follow-schema"},
		{"bad federation", Config{Exec: ExecConfig{Filename: "g.go"}, Federation: PackageConfig{Filename: "f"}},
			"config.federation: filename should be path to a go source file"},
		{"bad models", Config{Models: TypeMap{"A": {Model: StringList{"github.com/x"}}}},
			`config.models: model A: invalid type specifier "[github.com/x]" - you need to specify a struct to map to`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.cfg.check()
			if tt.want == "" {
				require.NoError(t, err)
				assert.NotNil(t, tt.cfg.Models)
				return
			}
			require.EqualError(t, err, tt.want)
		})
	}
}
