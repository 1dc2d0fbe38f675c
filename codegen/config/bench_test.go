package config

import (
	"fmt"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// largeProject writes a module whose schema has n object types (each with a
// scalar, a list, a nullable reference to the next type, an enum and a custom
// scalar field), n matching Go structs found through autobind, and a config
// binding them. It returns the config file name.
func largeProject(t testing.TB, n int) string {
	t.Helper()
	var schema, model strings.Builder
	schema.WriteString("scalar Time\nscalar Email\nenum Level { LOW HIGH }\ntype Query {\n")
	model.WriteString("package model\n\nimport \"time\"\n\ntype Email string\ntype Level string\n\n")
	for i := range n {
		fmt.Fprintf(&schema, "  t%d(id: ID!, first: Int = 10): T%d\n", i, i)
	}
	schema.WriteString("}\n")
	for i := range n {
		next := (i + 1) % n
		fmt.Fprintf(&schema, "type T%d {\n  id: ID!\n  name: String\n  count: Int!\n  score: Float\n  tags: [String!]!\n  next: T%d\n  all: [T%d!]\n  level: Level!\n  at: Time\n  mail: Email!\n  computed(arg: String): Int\n}\n", i, next, next)
		fmt.Fprintf(&model, "type T%d struct {\n\tID string\n\tName *string\n\tCount int\n\tScore *float64\n\tTags []string\n\tNext *T%d\n\tAll []*T%d\n\tLevel Level\n\tAt *time.Time\n\tMail Email\n}\n\n", i, next, next)
	}
	tempModule(t, map[string]string{
		"graph/schema.graphqls": schema.String(),
		"model/model.go":        model.String(),
		"gqlgen.yml": "schema: graph/*.graphqls\nexec:\n  filename: graph/generated.go\n" +
			"resolver:\n  layout: follow-schema\n  dir: graph\nautobind:\n  - example.com/app/model\n",
	})
	return "gqlgen.yml"
}

// bindAll binds every field and argument of every object type, with the
// struct field as bind target where the Go type has one, as the code
// generator does. It returns the number of references.
func bindAll(t testing.TB, cfg *Config) int {
	b := cfg.NewBinder()
	for _, def := range cfg.Schema.Types {
		if def.BuiltIn || len(def.Fields) == 0 {
			continue
		}
		fieldTypes := map[string]types.Type{}
		if obj, err := b.DefaultUserObject(def.Name); err == nil {
			if st, ok := obj.Underlying().(*types.Struct); ok {
				for sf := range st.Fields() {
					fieldTypes[sf.Name()] = sf.Type()
				}
			}
		}
		for _, f := range def.Fields {
			target := fieldTypes[toGo(f.Name)]
			if _, err := b.TypeReference(f.Type, target); err != nil {
				t.Fatalf("%s.%s: %v", def.Name, f.Name, err)
			}
			for _, a := range f.Arguments {
				if _, err := b.TypeReference(a.Type, nil); err != nil {
					t.Fatalf("%s.%s(%s): %v", def.Name, f.Name, a.Name, err)
				}
			}
		}
	}
	return len(b.References)
}

func TestLargeProject(t *testing.T) {
	file := largeProject(t, 40)
	cfg, err := LoadConfig(file)
	require.NoError(t, err)
	require.NoError(t, cfg.Init())
	loaded := cfg.Packages.Count()
	require.Greater(t, bindAll(t, cfg), 40*10)
	require.Equal(t, loaded, cfg.Packages.Count())
}

// BenchmarkLoadAndBind300 is the configuration side of generating a
// 300-type schema: read gqlgen.yml, load and validate the schema, load the Go
// packages, autobind, and bind every field. Each iteration starts from an
// empty package cache, as a generator run does.
func BenchmarkLoadAndBind300(b *testing.B) {
	file := largeProject(b, 300)
	for b.Loop() {
		cfg, err := LoadConfig(file)
		if err != nil {
			b.Fatal(err)
		}
		if err := cfg.Init(); err != nil {
			b.Fatal(err)
		}
		bindAll(b, cfg)
	}
}

// BenchmarkBind300 is the binding alone, with the packages loaded.
func BenchmarkBind300(b *testing.B) {
	file := largeProject(b, 300)
	cfg, err := LoadConfig(file)
	if err != nil {
		b.Fatal(err)
	}
	if err := cfg.Init(); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		bindAll(b, cfg)
	}
}
