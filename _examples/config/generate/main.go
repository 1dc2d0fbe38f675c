// Command generate runs gqlgen for the config example with model hooks: the
// same generation as `gqlgen generate`, with the modelgen plugin replaced by
// one that also gives every generated struct field a `db` tag and every
// generated model a doc comment when the schema has none. Run it from the
// example's directory (go generate ./... does).
package main

import (
	"fmt"
	"os"
	"strings"
	"unicode"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/api"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/plugin/modelgen"
)

func main() {
	cfg, err := config.LoadConfigFromDefaultLocations()
	if err != nil {
		fmt.Fprintln(os.Stderr, "loading gqlgen.yml:", err)
		os.Exit(2)
	}
	models := &modelgen.Plugin{
		FieldHook:  dbTagHook,
		MutateHook: docHook,
	}
	if err := api.Generate(cfg, api.ReplacePlugin(models)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
}

// dbTagHook runs the default field hook (json tags, @goField, @goTag), then
// adds db:"snake_case_name".
func dbTagHook(td *ast.Definition, fd *ast.FieldDefinition, f *modelgen.Field) (*modelgen.Field, error) {
	f, err := modelgen.DefaultFieldMutateHook(td, fd, f)
	if err != nil {
		return nil, err
	}
	f.Tag += ` db:"` + snake(fd.Name) + `"`
	return f, nil
}

// docHook gives models the schema left undescribed a doc comment of their
// own, so the generated package passes linters that want one.
func docHook(b *modelgen.ModelBuild) *modelgen.ModelBuild {
	b = modelgen.DefaultBuildMutateHook(b)
	for _, m := range b.Models {
		if m.Description == "" {
			m.Description = m.Name + " is generated from the schema type of the same name."
		}
	}
	return b
}

// snake turns ownerId into owner_id.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
