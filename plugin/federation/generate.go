package federation

import (
	_ "embed"
	"fmt"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/internal/generator/rewrite"
)

//go:embed federation.gotpl
var federationTemplate string

//go:embed requires.gotpl
var requiresTemplate string

// requiresFile is where the explicit strategy's populators live, next to
// federation.go; it belongs to the user once written.
const requiresFile = "federation.requires.go"

// GenerateCode binds the entities to the generated Go types and writes
// federation.go (and, for the explicit @requires strategy,
// federation.requires.go).
func (f *Federation) GenerateCode(data *codegen.Data) error {
	opts, err := parseOptions(data.Config)
	if err != nil {
		return fmt.Errorf("invalid federation package options: %w", err)
	}
	f.PackageOptions = opts

	entityObj := data.Objects.ByName("Entity")
	if entityObj != nil {
		// The finders are methods of EntityResolver with no parent object.
		entityObj.Root = true
	}
	f.RequiresEntities = map[string]*Entity{}
	for _, e := range f.Entities {
		if err := f.bindEntity(data, e, entityObj); err != nil {
			return err
		}
	}
	if err := f.writeRequiresFile(data); err != nil {
		return err
	}
	return templates.Render(templates.Options{
		PackageName:     data.Config.Federation.Package,
		Filename:        data.Config.Federation.Filename,
		Data:            &fileGen{Federation: f, UsePointers: data.Config.ResolversAlwaysReturnPointers, UseFunctionSyntaxForExecutionContext: data.Config.UseFunctionSyntaxForExecutionContext},
		GeneratedHeader: true,
		Packages:        data.Config.Packages,
		Template:        federationTemplate,
		PruneOptions:    data.Config.GetPruneOptions(),
	})
}

// bindEntity fills in the Go side of e: its type, the types of its key and
// @requires fields, its finders' input and return types, and its runtime
// object directives.
func (f *Federation) bindEntity(data *codegen.Data, e *Entity, entityObj *codegen.Object) error {
	obj := data.Objects.ByName(e.Def.Name)
	if e.Def.Kind == ast.Interface {
		impls := data.Interfaces[e.Def.Name].Implementors
		if len(impls) == 0 {
			fmt.Println("skipping @key field on interface " + e.Def.Name + " as no types implement it")
			return nil
		}
		obj = data.Objects.ByName(impls[0].Name)
	}
	if obj == nil {
		return fmt.Errorf("entity %s has no generated object", e.Name)
	}
	e.Type = obj.Type

	switch {
	case len(e.Resolvers) == 0:
	case e.PerEntity:
		if err := f.bindRepresentation(e, entityObj, data.Config.Model.ImportPath()); err != nil {
			return err
		}
	default:
		for _, r := range e.Resolvers {
			if err := bindKeyTypes(r, e.Multi, entityObj, data.Inputs); err != nil {
				return err
			}
		}
	}
	for _, req := range e.Requires {
		if len(req.Field) == 0 {
			continue
		}
		f.RequiresEntities[e.Def.Name] = e
		if containsFragment(req.Field) {
			continue
		}
		if field := pathField(obj, data.Objects, req.Field); field != nil {
			req.Type = field.TypeReference
		}
	}
	ret := e.Type
	if _, ok := types.Unalias(ret).(*types.Pointer); !ok {
		ret = types.NewPointer(ret)
	}
	for _, r := range e.Resolvers {
		r.ReturnType = ret
	}
	e.ImplDirectives = nil
	if own := data.Objects.ByName(e.Def.Name); own != nil && len(own.Fields) > 0 {
		// Object directives are copied onto every field; the first field's
		// list has them.
		for _, d := range own.Fields[0].Directives {
			if !d.SkipRuntime && d.IsLocation(ast.LocationObject) && !ownDirectives[d.Name] {
				e.ImplDirectives = append(e.ImplDirectives, d)
			}
		}
	}
	return nil
}

func containsFragment(path []string) bool {
	for _, p := range path {
		if strings.HasPrefix(p, "...") {
			return true
		}
	}
	return false
}

// pathField is the generated field a path from obj ends at, or nil.
func pathField(obj *codegen.Object, objects codegen.Objects, path []string) *codegen.Field {
	var field *codegen.Field
	for _, name := range path {
		if obj == nil {
			return nil
		}
		field = fieldNamed(obj, name)
		if field == nil {
			return nil
		}
		if field.TypeReference == nil || field.TypeReference.Definition == nil {
			obj = nil
			continue
		}
		obj = objects.ByName(field.TypeReference.Definition.Name)
	}
	return field
}

func fieldNamed(obj *codegen.Object, name string) *codegen.Field {
	if obj == nil {
		return nil
	}
	for _, f := range obj.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// bindKeyTypes types a per-key finder's key fields from what the finder
// receives (the Go types of an entity's output fields and of the finder's
// inputs may differ): its arguments, or its batch input's fields.
func bindKeyTypes(r *EntityResolver, multi bool, entityObj *codegen.Object, inputs codegen.Objects) error {
	if multi {
		input := inputs.ByName(r.InputTypeName)
		if input == nil {
			return fmt.Errorf("input object %s not found", r.InputTypeName)
		}
		r.InputType = input.Type
		for _, k := range r.KeyFields {
			field := fieldNamed(input, k.GoName)
			if field == nil || field.TypeReference == nil {
				return fmt.Errorf("type for key field %s in input object %s not found", k.GoName, r.InputTypeName)
			}
			k.Type = field.TypeReference
		}
		return nil
	}
	finder := fieldNamed(entityObj, r.ResolverName)
	if finder == nil {
		return fmt.Errorf("entity resolver %s not found", r.ResolverName)
	}
	for _, k := range r.KeyFields {
		var arg *codegen.FieldArgument
		for _, a := range finder.Args {
			if a.Name == k.ArgName() {
				arg = a
			}
		}
		if arg == nil || arg.TypeReference == nil {
			return fmt.Errorf("type for key argument %s in entity resolver %s not found", k.ArgName(), r.ResolverName)
		}
		k.Type = arg.TypeReference
	}
	return nil
}

// bindRepresentation types a per-entity finder's argument and its
// MatchedKey field.
func (f *Federation) bindRepresentation(e *Entity, entityObj *codegen.Object, modelPkg string) error {
	finder := fieldNamed(entityObj, e.PerEntityResolverName())
	if finder == nil || len(finder.Args) != 1 || finder.Args[0].TypeReference == nil {
		return fmt.Errorf("per-entity resolver %s not found", e.PerEntityResolverName())
	}
	e.RepresentationType = finder.Args[0].TypeReference
	keyType, err := matchedKeyType(e.RepresentationType.Target, modelPkg, e.MatchedKeyTypeName())
	if err != nil {
		return err
	}
	e.MatchedKeyType = keyType
	return nil
}

// populator is one Populate<Entity>Requires function of the requires file.
type populator struct {
	Name    string
	Comment string
	Body    string
	entity  *Entity
}

// EntityType is the entity's Go type as the requires file spells it.
func (p *populator) EntityType() string { return templates.CurrentImports.LookupType(p.entity.Type) }

// requiresFileData is the dot of requires.gotpl.
type requiresFileData struct {
	Imports    []requiresImport
	Populators []*populator
	// Rest is the file's other code, kept as the user wrote it.
	Rest string
}

type requiresImport struct{ Path, Alias string }

// writeRequiresFile writes federation.requires.go for the entities with
// the explicit strategy. A populator the user already wrote keeps its body
// and comment, and the file's other declarations stay; a new populator gets
// a body that panics until it is written.
func (f *Federation) writeRequiresFile(data *codegen.Data) error {
	var entities []*Entity
	for _, e := range f.RequiresEntities {
		if e.IsExplicitRequires() {
			entities = append(entities, e)
		}
	}
	if len(entities) == 0 {
		return nil
	}
	sort.Slice(entities, func(i, j int) bool { return entities[i].Def.Name < entities[j].Def.Name })

	dir := data.Config.Federation.Dir()
	rw, err := rewrite.New(dir)
	if err != nil {
		return err
	}
	filename := filepath.Join(dir, requiresFile)
	fd := &requiresFileData{}
	for _, imp := range rw.ExistingImports(filename) {
		fd.Imports = append(fd.Imports, requiresImport{Path: imp.ImportPath, Alias: imp.Alias})
	}
	for _, std := range []string{"context", "fmt"} {
		if !hasImport(fd.Imports, std) {
			fd.Imports = append(fd.Imports, requiresImport{Path: std})
		}
	}
	for _, e := range entities {
		p := &populator{Name: "Populate" + e.Def.Name + "Requires", entity: e}
		if c := rw.GetMethodComment("executionContext", p.Name); c != "" {
			p.Comment = "//" + strings.ReplaceAll(c, "\n", "\n//")
		} else {
			p.Comment = fmt.Sprintf("// %s copies the @requires fields of a %s representation (reps) onto entity.", p.Name, e.Def.Name)
		}
		p.Body = strings.TrimSpace(rw.GetMethodBody("executionContext", p.Name))
		if p.Body == "" {
			p.Body = fmt.Sprintf("panic(fmt.Errorf(%q))", "not implemented: "+p.Name)
		}
		fd.Populators = append(fd.Populators, p)
	}
	fd.Rest = rw.RemainingSource(filename)
	return templates.Render(templates.Options{
		PackageName:  data.Config.Federation.Package,
		Filename:     filename,
		Data:         fd,
		Packages:     data.Config.Packages,
		Template:     requiresTemplate,
		PruneOptions: data.Config.GetPruneOptions(),
	})
}

func hasImport(imps []requiresImport, path string) bool {
	for _, imp := range imps {
		if imp.Path == path {
			return true
		}
	}
	return false
}
