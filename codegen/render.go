package codegen

import (
	"embed"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

// The exec templates. Each file only defines named templates; the layout
// (which sections a generated file has) is the driver template of
// layoutDrivers, so that one set of templates serves both layouts.
//
//go:embed *.gotpl
var execTemplates embed.FS

// layoutDrivers are the top-level templates of the files GenerateCode
// writes: the whole schema in one file, the root file of follow-schema (the
// API and the executable schema), and a follow-schema file for the types
// of one schema file.
var layoutDrivers = struct{ single, root, part string }{
	single: `{{ template "api" . }}{{ template "schemaParts" . }}{{ .LateFuncs }}`,
	root:   `{{ template "api" . }}{{ .LateFuncs }}`,
	part:   `{{ template "schemaParts" . }}{{ .LateFuncs }}`,
}

// GenerateCode writes the executable schema described by data, in the
// layout data.Config.Exec asks for. Output is deterministic, gofmt'ed and
// starts with the generated-code header.
func GenerateCode(data *Data) error {
	if !data.Config.Exec.IsDefined() {
		return errors.New("missing exec config")
	}
	an := analyze(data)
	switch data.Config.Exec.Layout {
	case config.ExecLayoutSingleFile, "":
		return renderExec(data.Config.Exec.Filename, layoutDrivers.single, &genFile{Data: data, an: an, hasRoot: true})
	case config.ExecLayoutFollowSchema:
		dir := data.Config.Exec.DirName
		parts, err := splitBySchemaFile(data)
		if err != nil {
			return err
		}
		// The root file is written last: its wireLate sets the late
		// variables the other files declare.
		root := &genFile{Data: data, an: an, hasRoot: true}
		for _, name := range slices.Sorted(maps.Keys(parts)) {
			part := &genFile{Data: parts[name], an: an}
			if err := renderExec(filepath.Join(dir, name), layoutDrivers.part, part); err != nil {
				return err
			}
			root.otherLates = append(root.otherLates, part.lates...)
		}
		return renderExec(filepath.Join(dir, "root_.generated.go"), layoutDrivers.root, root)
	}
	return fmt.Errorf("unrecognized exec layout %s", data.Config.Exec.Layout)
}

// renderExec writes one exec file.
func renderExec(filename, driver string, g *genFile) error {
	cfg := g.Config
	return templates.Render(templates.Options{
		PackageName:     cfg.Exec.Package,
		Filename:        filename,
		Template:        driver,
		TemplateFS:      execTemplates,
		Data:            g,
		GeneratedHeader: true,
		Packages:        cfg.Packages,
		PruneOptions:    cfg.GetPruneOptions(),
	})
}

// splitBySchemaFile shares data out over the follow-schema files, by the
// schema file each definition comes from. Every part keeps the schema-wide
// roots and directives; its Config lists only its own source, so that
// Directives (and so Args) give the directives declared in it.
func splitBySchemaFile(data *Data) (map[string]*Data, error) {
	parts := map[string]*Data{}
	part := func(pos *ast.Position) *Data {
		name := partFileName(pos, data.Config)
		if p := parts[name]; p != nil {
			return p
		}
		cfg := *data.Config
		if pos != nil && pos.Src != nil {
			cfg.Sources = []*ast.Source{pos.Src}
		} else {
			cfg.Sources = nil
		}
		p := &Data{
			Config: &cfg, Schema: data.Schema, Plugins: data.Plugins,
			QueryRoot: data.QueryRoot, MutationRoot: data.MutationRoot, SubscriptionRoot: data.SubscriptionRoot,
			AllDirectives: data.AllDirectives, AugmentedSources: data.AugmentedSources,
			Interfaces:      map[string]*Interface{},
			ReferencedTypes: map[string]*config.TypeReference{},
			batchTypes:      data.batchFieldTypes(),
		}
		parts[name] = p
		return p
	}
	for _, o := range data.Objects {
		p := part(o.Position)
		p.Objects = append(p.Objects, o)
	}
	for _, in := range data.Inputs {
		p := part(in.Position)
		p.Inputs = append(p.Inputs, in)
	}
	for name, iface := range data.Interfaces {
		part(iface.Position).Interfaces[name] = iface
	}
	for key, ref := range data.ReferencedTypes {
		part(ref.Definition.Position).ReferencedTypes[key] = ref
	}
	// A file declaring only directives still needs their argument parsers.
	for _, d := range data.Directives() {
		if len(d.Args) > 0 {
			part(d.Position)
		}
	}
	return parts, nil
}

// partFileName is the follow-schema file for definitions from pos.
func partFileName(pos *ast.Position, cfg *config.Config) string {
	base := "common!"
	if pos != nil && pos.Src != nil {
		base = strings.TrimSuffix(filepath.Base(pos.Src.Name), filepath.Ext(pos.Src.Name))
	}
	tmpl := cfg.Exec.FilenameTemplate
	if tmpl == "" {
		tmpl = "{name}.generated.go"
	}
	return strings.ReplaceAll(tmpl, "{name}", base)
}
