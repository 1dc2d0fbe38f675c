package federation

import (
	_ "embed"
	"errors"
	"fmt"
	"go/types"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

//go:embed federation_keys.gotpl
var keysTemplate string

// keysFile is written next to the models when an entity is per-entity: it
// declares each such entity's <Type>MatchedKey type and constants.
const keysFile = "federation_keys.go"

func matchedKeyTypeName(entity string) string { return templates.ToGo(entity) + "MatchedKey" }

// keysEntity is one per-entity entity as federation_keys.gotpl prints it.
type keysEntity struct {
	Entity    string
	TypeName  string
	Constants []keysConst
}

type keysConst struct{ Name, Value string }

// keysOf lists the per-entity entities with their MatchedKey constants.
func keysOf(entities []*Entity) []keysEntity {
	var out []keysEntity
	for _, e := range entities {
		if !e.PerEntity {
			continue
		}
		consts := make([]keysConst, len(e.Resolvers))
		for i, r := range e.Resolvers {
			consts[i] = keysConst{Name: r.MatchedKeyConst, Value: fmt.Sprintf("%q", r.FieldSet())}
		}
		out = append(out, keysEntity{Entity: e.Name, TypeName: e.MatchedKeyTypeName(), Constants: consts})
	}
	return out
}

// writeKeysFile writes the keys file next to the models, or removes one
// gqlgen wrote before when no entity is per-entity any more.
func writeKeysFile(entities []*Entity, cfg *config.Config) error {
	target := filepath.Join(filepath.Dir(cfg.Model.Filename), keysFile)
	data := keysOf(entities)
	if data == nil {
		return removeGeneratedFile(target)
	}
	opts := templates.Options{
		Template:        keysTemplate,
		Data:            data,
		Filename:        target,
		PackageName:     cfg.Model.Package,
		GeneratedHeader: true,
		Packages:        cfg.Packages,
		PruneOptions:    cfg.GetPruneOptions(),
	}
	return templates.Render(opts)
}

// removeGeneratedFile deletes filename if gqlgen wrote it; a file the user
// wrote (or none at all) is left alone.
func removeGeneratedFile(filename string) error {
	file, err := os.Open(filename)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	head := make([]byte, len(templates.GeneratedCodeHeader))
	n, _ := io.ReadFull(file, head)
	file.Close()
	if string(head[:n]) != templates.GeneratedCodeHeader {
		return nil
	}
	return os.Remove(filename)
}

// checkMatchedKeyNames refuses a MatchedKey type or constant whose Go name
// a model of the schema (type, enum constant, representation) also takes.
func checkMatchedKeyNames(entities []*Entity, schema *ast.Schema, reps []*repInput) error {
	type claim struct{ owner, fix string }
	taken := map[string]claim{}
	add := func(name string, c claim) {
		if _, ok := taken[name]; !ok {
			taken[name] = c
		}
	}
	for _, name := range slices.Sorted(maps.Keys(schema.Types)) {
		def := schema.Types[name]
		add(templates.ToGo(name), claim{fmt.Sprintf("type %q", name), fmt.Sprintf("rename %q", name)})
		if def.Kind == ast.Enum {
			for _, v := range def.EnumValues {
				add(templates.ToGo(name)+templates.ToGo(v.Name), claim{
					fmt.Sprintf("enum value %s.%s", name, v.Name), fmt.Sprintf("rename %s.%s", name, v.Name),
				})
			}
		}
	}
	for _, r := range reps {
		add(templates.ToGo(r.name), claim{"representation " + r.name,
			fmt.Sprintf("give the representation of %q another name in %s", r.owner, settingRepresentationNames)})
	}
	for _, e := range entities {
		if !e.PerEntity {
			continue
		}
		if c, ok := taken[e.MatchedKeyTypeName()]; ok {
			return fmt.Errorf("%s has the same Go name as %s, the MatchedKey type of entity %q; %s", c.owner, e.MatchedKeyTypeName(), e.Name, c.fix)
		}
		for _, r := range e.Resolvers {
			if c, ok := taken[r.MatchedKeyConst]; ok {
				return fmt.Errorf("%s has the same Go name as %s, the MatchedKey constant of @key(fields: %q) on %q; %s",
					c.owner, r.MatchedKeyConst, r.FieldSet(), e.Name, c.fix)
			}
		}
	}
	return nil
}

// matchedKeyType finds the MatchedKey field of the generated representation
// rep and checks it has the generated <Type>MatchedKey type.
func matchedKeyType(rep types.Type, modelPkg, typeName string) (*types.Named, error) {
	obj, _, _ := types.LookupFieldOrMethod(rep, true, nil, matchedKeyField)
	field, ok := obj.(*types.Var)
	if !ok {
		return nil, fmt.Errorf("representation %s has no %s field", rep, matchedKeyField)
	}
	want := modelPkg + "." + typeName
	named, ok := types.Unalias(field.Type()).(*types.Named)
	if !ok || types.TypeString(named, nil) != want {
		return nil, fmt.Errorf("%s.%s has type %s; declare it as the generated %s", rep, matchedKeyField, field.Type(), want)
	}
	return named, nil
}
