package federation

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/plugin/federation/fieldset"
)

// entityBuilder turns the schema's @key types into Entities.
type entityBuilder struct {
	schema  *ast.Schema
	models  config.TypeMap
	opts    PackageOptions
	version int
}

// build returns the entities of the schema, sorted by name.
func (b *entityBuilder) build() ([]*Entity, error) {
	var out []*Entity
	for _, def := range b.schema.Types {
		e, err := b.entity(def)
		if err != nil {
			return nil, err
		}
		if e != nil {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// entity builds def's Entity, or nil when def is no entity.
func (b *entityBuilder) entity(def *ast.Definition) (*Entity, error) {
	if def.Kind != ast.Object && def.Kind != ast.Interface {
		return nil, nil
	}
	keys := def.Directives.ForNames(dirKey)
	if len(keys) == 0 {
		if def.Kind == ast.Interface && def.Directives.ForName(dirExtends) != nil {
			//lint:ignore ST1005 the message is upstream's, word for word
			return nil, fmt.Errorf("@extends directive is not currently supported for interfaces, use \"extend interface %s\" instead.", def.Name)
		}
		return nil, nil
	}
	if def.Kind == ast.Interface && len(b.schema.GetPossibleTypes(def)) == 0 {
		fmt.Printf("@key directive found on unused \"interface %s\". Will be ignored.\n", def.Name)
		return nil, nil
	}

	multi := b.opts.EntityResolverMulti
	if v, ok := entityResolverArg(def, "multi").(bool); ok {
		multi = v
	}
	strategy, err := b.strategy(def, multi)
	if err != nil {
		return nil, err
	}
	if err := checkComputedPlacement(def, strategy); err != nil {
		return nil, err
	}
	e := &Entity{Name: def.Name, Def: def, Multi: multi, RequiresStrategy: strategy}
	if onlyReferenced(def, b.version) {
		return e, nil
	}

	if e.Resolvers, err = b.resolvers(def, keys, multi); err != nil {
		return nil, err
	}
	e.PerEntity = b.opts.EntityResolverPerEntity
	e.Requires = collectRequires(def, strategy)
	if e.PerEntity && def.Kind == ast.Interface && len(e.Requires) > 0 {
		return nil, fmt.Errorf("entity %q: @requires on an interface entity is not supported with the %s option, and federation does not allow it",
			def.Name, optEntityResolverPerEntity)
	}
	return e, nil
}

// entityResolverArg is the value of an argument of the type's
// @entityResolver, or nil.
func entityResolverArg(def *ast.Definition, name string) any {
	dir := def.Directives.ForName(dirEntityResolver)
	if dir == nil {
		return nil
	}
	arg := dir.Arguments.ForName(name)
	if arg == nil {
		return nil
	}
	v, err := arg.Value.Value(nil)
	if err != nil {
		return nil
	}
	return v
}

// strategy is the entity's @requires strategy: @entityResolver(requires:)
// or the package default.
func (b *entityBuilder) strategy(def *ast.Definition, multi bool) (RequiresStrategy, error) {
	s := b.opts.defaultStrategy()
	source := fmt.Sprintf("the %s option", optPreloadedRequires)
	if dir := def.Directives.ForName(dirEntityResolver); dir != nil {
		if arg := dir.Arguments.ForName("requires"); arg != nil {
			v, err := arg.Value.Value(nil)
			if err != nil {
				return "", fmt.Errorf("entity %q: reading @entityResolver(requires:): %w", def.Name, err)
			}
			str, _ := v.(string)
			switch RequiresStrategy(str) {
			case RequiresDefault, RequiresExplicit, RequiresPreloaded:
				s = RequiresStrategy(str)
				source = fmt.Sprintf("@entityResolver(requires: %q)", RequiresPreloaded)
			case RequiresComputed:
				return "", fmt.Errorf("entity %q: @entityResolver(requires: %q) is not supported; select the computed strategy with the %q package option instead",
					def.Name, RequiresComputed, optComputedRequires)
			default:
				return "", fmt.Errorf("entity %q: unknown @entityResolver(requires: %v); valid values are %q, %q, %q",
					def.Name, v, RequiresDefault, RequiresExplicit, RequiresPreloaded)
			}
		}
	}
	if s == RequiresPreloaded && !multi && !b.opts.EntityResolverPerEntity {
		return "", fmt.Errorf("entity %q: %s requires multi: true or the %s option", def.Name, source, optEntityResolverPerEntity)
	}
	return s, nil
}

// checkComputedPlacement refuses @computedRequires where it cannot work.
func checkComputedPlacement(def *ast.Definition, s RequiresStrategy) error {
	for _, f := range def.Fields {
		if f.Directives.ForName(dirComputedRequires) == nil {
			continue
		}
		if f.Directives.ForName(dirRequires) == nil {
			return fmt.Errorf("entity %q field %q: @computedRequires only applies to @requires fields", def.Name, f.Name)
		}
		if s == RequiresExplicit {
			return fmt.Errorf("entity %q field %q: @computedRequires cannot be combined with the explicit @requires strategy; the Populate%sRequires hook already handles every @requires field",
				def.Name, f.Name, def.Name)
		}
	}
	return nil
}

// isComputed says a @requires field is served by its own field resolver.
func isComputed(s RequiresStrategy, f *ast.FieldDefinition) bool {
	return s == RequiresComputed || f.Directives.ForName(dirComputedRequires) != nil
}

// onlyReferenced reports an entity this subgraph never resolves: every
// field external, explicitly or (federation 2, resolvable: false) as a key
// field. Such a type only lets the subgraph's schema mention it.
func onlyReferenced(def *ast.Definition, version int) bool {
	unresolvable := false
	var keyHeads []string
	if key := def.Directives.ForName(dirKey); key != nil {
		if r := key.Arguments.ForName("resolvable"); r != nil && r.Value.Raw == "false" {
			unresolvable = true
		}
		if fields := key.Arguments.ForName(DirArgFields); fields != nil {
			for _, f := range fieldset.New(fields.Value.Raw, nil) {
				keyHeads = append(keyHeads, f[0])
			}
		}
	}
	for _, f := range def.Fields {
		implicit := version == 2 && unresolvable && slices.Contains(keyHeads, f.Name)
		if !implicit && f.Directives.ForName(dirExternal) == nil {
			return false
		}
	}
	return true
}

// collectRequires lists the paths of the entity's @requires fields.
func collectRequires(def *ast.Definition, s RequiresStrategy) []*Requires {
	out := []*Requires{}
	for _, f := range def.Fields {
		dir := f.Directives.ForName(dirRequires)
		if dir == nil {
			continue
		}
		computed := isComputed(s, f)
		raw, _ := fieldsArg(dir)
		for _, path := range fieldset.New(raw, nil) {
			out = append(out, &Requires{Name: path.ToGoPrivate(), Field: path, Computed: computed})
		}
	}
	return out
}

// fieldsArg is the raw fields argument of a @key or @requires.
func fieldsArg(dir *ast.Directive) (string, error) {
	var raw *ast.Argument
	for _, a := range dir.Arguments {
		if a.Name != DirArgFields {
			continue
		}
		if raw != nil {
			return "", fmt.Errorf("more than one %q argument provided for declaration", DirArgFields)
		}
		raw = a
	}
	if raw == nil {
		return "", fmt.Errorf("missing %q argument", DirArgFields)
	}
	return raw.Value.Raw, nil
}

// resolvers builds one finder per @key and names them. Finders are named
// after the GraphQL names of their key fields; when two of one entity's
// names clash in Go, the clashing ones are named after the key fields' Go
// names instead, and a clash that remains is an error.
func (b *entityBuilder) resolvers(def *ast.Definition, keys []*ast.Directive, multi bool) ([]*EntityResolver, error) {
	out := make([]*EntityResolver, 0, len(keys))
	seen := map[string]int{}
	for _, dir := range keys {
		if len(dir.Arguments) > 2 {
			return nil, gqlerror.ErrorPosf(dir.Position, `@key on %q accepts only the "fields" and "resolvable" arguments`, def.Name)
		}
		fields, err := b.keyFields(def, dir)
		if err != nil {
			return nil, err
		}
		r := &EntityResolver{KeyFields: fields, ReturnTypeName: def.Name}
		r.ResolverName, r.InputTypeName = finderNames(def.Name, fields, fieldset.Field.ToGo, multi)
		seen[templates.ToGo(r.ResolverName)]++
		out = append(out, r)
	}
	goKeyName := func(f fieldset.Field) string { return boundPathName(b.models, b.schema, def, f) }

	if b.opts.EntityResolverPerEntity {
		typeName := matchedKeyTypeName(def.Name)
		used := map[string]bool{}
		for _, r := range out {
			parts := make([]string, len(r.KeyFields))
			for i, k := range r.KeyFields {
				parts[i] = goKeyName(k.Field)
			}
			r.MatchedKeyConst = uniqueName(used, typeName+strings.Join(parts, "And"))
		}
		return out, nil
	}

	taken := map[string]int{}
	for i, r := range out {
		if seen[templates.ToGo(r.ResolverName)] > 1 {
			r.ResolverName, r.InputTypeName = finderNames(def.Name, r.KeyFields, goKeyName, multi)
		}
		goName := templates.ToGo(r.ResolverName)
		j, clash := taken[goName]
		if !clash {
			taken[goName] = i
			continue
		}
		raw := func(k int) string { s, _ := fieldsArg(keys[k]); return s }
		if slices.EqualFunc(out[j].KeyFields, r.KeyFields, func(a, b *KeyField) bool { return slices.Equal(a.Field, b.Field) }) {
			return nil, gqlerror.ErrorPosf(keys[i].Position, "@key(fields: %q) is declared twice on %q", raw(i), def.Name)
		}
		return nil, gqlerror.ErrorPosf(keys[i].Position,
			"@key(fields: %q) and @key(fields: %q) on %q both generate entity resolver %s; "+
				"give one of their key fields a distinct @goField(name: ...) or gqlgen.yml fieldName, "+
				"or, if no two key fields of one type share a Go name, set the %s option",
			raw(j), raw(i), def.Name, r.ResolverName, optEntityResolverPerEntity)
	}
	return out, nil
}

// keyFields resolves the fields of one @key against the entity.
func (b *entityBuilder) keyFields(def *ast.Definition, dir *ast.Directive) ([]*KeyField, error) {
	raw, err := fieldsArg(dir)
	if err != nil {
		return nil, gqlerror.ErrorPosf(dir.Position, "@key on %q: %s", def.Name, err)
	}
	set := fieldset.New(raw, nil)
	out := make([]*KeyField, len(set))
	used := map[string]bool{}
	for i, f := range set {
		fd := f.FieldDefinition(def, b.schema)
		if fd == nil {
			return nil, gqlerror.ErrorPosf(dir.Position, "@key(fields: %q): field %q is not defined on %q", raw, f.Join("."), def.Name)
		}
		out[i] = &KeyField{Definition: fd, Field: f, GoName: uniqueName(used, f.ToGo())}
	}
	return out, nil
}

// uniqueName returns base, or base with the smallest suffix from 2 up that
// is not in used, and records it.
func uniqueName(used map[string]bool, base string) string {
	name := base
	for n := 2; used[name]; n++ {
		name = base + strconv.Itoa(n)
	}
	used[name] = true
	return name
}

// finderNames are the GraphQL names of a finder and of its batch input:
// find<Type>By<K1>And<K2>, or findMany<Type>By<K1>And<K2>s with input
// <Type>By<K1>And<K2>sInput.
func finderNames(typeName string, fields []*KeyField, name func(fieldset.Field) string, multi bool) (finder, input string) {
	parts := make([]string, len(fields))
	for i, k := range fields {
		parts[i] = name(k.Field)
	}
	stem := typeName + "By" + strings.Join(parts, "And")
	if multi {
		return "findMany" + stem + "s", stem + "sInput"
	}
	return "find" + stem, stem + "Input"
}

// boundPathName concatenates the Go field names a path goes through, as
// @goField(name:) or gqlgen.yml fieldName bind them.
func boundPathName(models config.TypeMap, schema *ast.Schema, def *ast.Definition, path fieldset.Field) string {
	out := ""
	for _, seg := range path {
		if def == nil {
			out += templates.ToGo(seg)
			continue
		}
		fd := def.Fields.ForName(seg)
		if fd == nil {
			out += templates.ToGo(seg)
			def = nil
			continue
		}
		out += boundFieldName(models, def.Name, fd)
		def = schema.Types[fd.Type.Name()]
	}
	return out
}

// boundFieldName is the Go name a field of typeName is bound to.
func boundFieldName(models config.TypeMap, typeName string, fd *ast.FieldDefinition) string {
	if dir := fd.Directives.ForName(config.DirGoField); dir != nil {
		if arg := dir.Arguments.ForName(config.DirArgName); arg != nil && arg.Value.Kind == ast.StringValue {
			return arg.Value.Raw
		}
	}
	if name := models[typeName].Fields[fd.Name].FieldName; name != "" {
		return name
	}
	return templates.ToGo(fd.Name)
}

// checkFinderNames refuses finders of different entities, or batch inputs
// and schema types, that would share a Go name.
func checkFinderNames(entities []*Entity, schema *ast.Schema) error {
	typeByGo := goTypeNames(schema)
	owner := map[string]*Entity{}
	for _, e := range entities {
		type finder struct{ name, input string }
		var finders []finder
		if e.PerEntity {
			finders = []finder{{name: e.PerEntityResolverName()}}
		} else {
			for _, r := range e.Resolvers {
				f := finder{name: r.ResolverName}
				if e.Multi {
					f.input = r.InputTypeName
				}
				finders = append(finders, f)
			}
		}
		for _, f := range finders {
			goName := templates.ToGo(f.name)
			if other, ok := owner[goName]; ok {
				hint := ""
				switch {
				case other.PerEntity:
				case other.Multi != e.Multi:
					hint = "; giving both the same @entityResolver(multi:) setting, or setting the " + optEntityResolverPerEntity + " option, avoids this"
				default:
					hint = "; setting the " + optEntityResolverPerEntity + " option avoids this"
				}
				return fmt.Errorf("entities %q and %q both generate entity resolver %s%s", other.Name, e.Name, f.name, hint)
			}
			owner[goName] = e
			if f.input == "" {
				continue
			}
			if name, ok := typeByGo[templates.ToGo(f.input)]; ok {
				return fmt.Errorf("type %q has the same Go name as input %s of entity resolver %s; rename %q", name, f.input, f.name, name)
			}
		}
	}
	return nil
}

// goTypeNames maps the Go name of every schema type to the type.
func goTypeNames(schema *ast.Schema) map[string]string {
	out := make(map[string]string, len(schema.Types))
	for name := range schema.Types {
		out[templates.ToGo(name)] = name
	}
	return out
}
