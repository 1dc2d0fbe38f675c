package modelgen

import (
	_ "embed"
	"fmt"
	"go/types"
	"os"
	"strconv"
	"strings"
	"text/template"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

//go:embed models.gotpl
var modelsTemplate string

// MutateConfig builds the models, runs the hooks, writes the models file
// (cfg.Model.Filename) and binds the generated types in cfg.Models. Nothing
// is written when the schema needs no model.
func (m *Plugin) MutateConfig(cfg *config.Config) error {
	if cfg.Directives == nil {
		cfg.Directives = map[string]config.DirectiveConfig{}
	}
	cfg.Directives[dirGoEmbedInterface] = config.DirectiveConfig{SkipRuntime: true}

	b := &ModelBuild{PackageName: cfg.Model.Package}
	bd := &builder{p: m, cfg: cfg, binder: cfg.NewBinder(), b: b}
	if err := bd.build(); err != nil {
		return err
	}
	if b.empty() {
		return nil
	}
	if m.MutateHook != nil {
		b = m.MutateHook(b)
	}
	impls, getterErrs := implementations(b)
	for model, list := range impls {
		model.Implementations = list
	}

	opts := templates.Options{
		PackageName:     cfg.Model.Package,
		Filename:        cfg.Model.Filename,
		GeneratedHeader: true,
		Packages:        cfg.Packages,
		PruneOptions:    cfg.GetPruneOptions(),
	}
	if cfg.Model.ModelTemplate != "" {
		// A custom template may declare other members than ours, so the
		// name checks do not apply.
		src, err := os.ReadFile(cfg.Model.ModelTemplate)
		if err != nil {
			return fmt.Errorf("reading model_template: %w", err)
		}
		opts.Template = string(src)
		opts.Data = b
		opts.Funcs = customTemplateFuncs(b)
	} else {
		if err := checkGoNames(b); err != nil {
			return err
		}
		if len(getterErrs) > 0 {
			return getterErrs[0]
		}
		opts.Template = modelsTemplate
		opts.Data = newFileView(b)
	}
	if err := templates.Render(opts); err != nil {
		return err
	}

	// The models package may have been loaded before it had these types.
	cfg.ReloadAllPackages()
	return nil
}

// customTemplateFuncs are the functions a model_template may call besides
// templates.Funcs: getter (used with .Implementations), and the older
// getInterfaceByName and generateGetter.
func customTemplateFuncs(b *ModelBuild) template.FuncMap {
	ifaces := map[string]*Interface{}
	for _, it := range b.Interfaces {
		ifaces[it.Name] = it
	}
	type key struct {
		model *Object
		field *Field
	}
	getters := map[key]*Getter{}
	for _, m := range b.Models {
		for _, impl := range m.Implementations {
			for _, g := range impl.Getters {
				getters[key{m, g.source}] = g
			}
		}
	}
	return template.FuncMap{
		"getter": func(model *Object, g *Getter, goType string) string {
			return g.sourceFor(templates.ToGoModelName(model.Name), goType)
		},
		"getInterfaceByName": func(name string) *Interface { return ifaces[name] },
		"generateGetter": func(model *Object, f *Field) string {
			g := getters[key{model, f}]
			if g == nil {
				return ""
			}
			return g.sourceFor(templates.ToGoModelName(model.Name), typeRef(g.Type))
		},
	}
}

// The types below are what models.gotpl lays out. Everything the template
// prints is decided here; types are spelled while the template runs, when
// the file's import set is known.

type fileView struct {
	Interfaces []interfaceView
	Structs    []structView
	Enums      []enumView
}

type interfaceView struct {
	Doc     string
	Name    string
	Methods []methodSpec
}

// methodSpec is one method of a generated interface; Type nil means no
// result.
type methodSpec struct {
	Doc  string
	Name string
	Type types.Type
}

func (s methodSpec) Signature() string {
	if s.Type == nil {
		return s.Name + "()"
	}
	return s.Name + "() " + typeRef(s.Type)
}

type structView struct {
	Doc    string
	Name   string
	Fields []fieldView
	// Groups are the methods of each implemented interface: the marker,
	// then the getters.
	Groups []methodGroup
}

type fieldView struct {
	Doc   string
	field *Field
}

// Decl is the field's declaration line: name (absent for an embedded
// field), type, tag.
func (f fieldView) Decl() string {
	var sb strings.Builder
	if f.field.GoName != "" {
		sb.WriteString(f.field.GoName)
		sb.WriteByte(' ')
	}
	sb.WriteString(typeRef(f.field.Type))
	if f.field.Tag != "" {
		sb.WriteString(" `" + f.field.Tag + "`")
	}
	return sb.String()
}

type methodGroup struct {
	Marker  string
	Getters []getterView
}

type getterView struct {
	Doc    string
	recv   string
	getter *Getter
}

func (g getterView) Source() string { return g.getter.sourceFor(g.recv, typeRef(g.getter.Type)) }

type enumView struct {
	Doc    string
	Type   string // Go type name
	Label  string // GraphQL name, for error messages
	All    string // name of the slice of all values
	Values []enumConst
	Cases  string // the constants, comma-separated
	JSON   bool
}

type enumConst struct {
	Doc     string
	Name    string
	Literal string
}

func newFileView(b *ModelBuild) *fileView {
	v := &fileView{}
	for _, it := range b.Interfaces {
		iv := interfaceView{Doc: docComment(it.Description), Name: templates.ToGoModelName(it.Name)}
		if !it.OmitCheck {
			for _, parent := range it.Implements {
				iv.Methods = append(iv.Methods, methodSpec{Name: "Is" + templates.ToGoModelName(parent)})
			}
			iv.Methods = append(iv.Methods, methodSpec{Name: "Is" + iv.Name})
		}
		for _, f := range it.Fields {
			iv.Methods = append(iv.Methods, methodSpec{Doc: docComment(f.Description), Name: "Get" + f.GoName, Type: f.Type})
		}
		v.Interfaces = append(v.Interfaces, iv)
	}
	for _, m := range b.Models {
		sv := structView{Doc: docComment(m.Description), Name: templates.ToGoModelName(m.Name)}
		for _, f := range m.Fields {
			sv.Fields = append(sv.Fields, fieldView{Doc: docComment(f.Description), field: f})
		}
		for _, impl := range m.Implementations {
			g := methodGroup{Marker: fmt.Sprintf("func (%s) Is%s() {}", sv.Name, templates.ToGoModelName(impl.Interface))}
			for _, getter := range impl.Getters {
				g.Getters = append(g.Getters, getterView{Doc: docComment(getter.Description), recv: sv.Name, getter: getter})
			}
			sv.Groups = append(sv.Groups, g)
		}
		v.Structs = append(v.Structs, sv)
	}
	for _, e := range b.Enums {
		ev := enumView{
			Doc:   docComment(e.Description),
			Type:  templates.ToGoModelName(e.Name),
			Label: e.Name,
			JSON:  !e.OmitJSONMarshalers,
		}
		ev.All = "All" + ev.Type
		names := make([]string, 0, len(e.Values))
		for _, val := range e.Values {
			c := enumConst{Doc: docComment(val.Description), Name: templates.ToGoModelName(e.Name, val.Name), Literal: strconv.Quote(val.Name)}
			ev.Values = append(ev.Values, c)
			names = append(names, c.Name)
		}
		ev.Cases = strings.Join(names, ", ")
		v.Enums = append(v.Enums, ev)
	}
	return v
}

// docComment turns a schema description into // comment lines.
func docComment(desc string) string {
	if desc == "" {
		return ""
	}
	lines := strings.Split(desc, "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = "//"
		} else {
			lines[i] = "// " + l
		}
	}
	return strings.Join(lines, "\n")
}

// typeRef spells t in the file being rendered.
func typeRef(t types.Type) string {
	return templates.CurrentImports.LookupType(t)
}
