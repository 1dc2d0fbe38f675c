package modelgen

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/tools/testmodule"
)

// TestEnumBehaviour runs the generated enum methods: the GraphQL and JSON
// (un)marshalers must agree with each other and reject unknown values.
func TestEnumBehaviour(t *testing.T) {
	dir := testmodule.New(t, map[string]string{
		"gqlgen.yml":     baseConfig + defaultModel,
		"schema.graphql": `type Query { e: Color } enum Color { RED dark_blue }`,
		"model/color_test.go": `package model

import (
	"bytes"
	"testing"
)

func TestColor(t *testing.T) {
	var buf bytes.Buffer
	ColorDarkBlue.MarshalGQL(&buf)
	if buf.String() != ` + "`" + `"dark_blue"` + "`" + ` {
		t.Fatalf("MarshalGQL wrote %s", buf.String())
	}
	js, err := ColorRed.MarshalJSON()
	if err != nil || string(js) != ` + "`" + `"RED"` + "`" + ` {
		t.Fatalf("MarshalJSON gave %s, %v", js, err)
	}
	var c Color
	if err := c.UnmarshalJSON([]byte(` + "`" + `"dark_blue"` + "`" + `)); err != nil || c != ColorDarkBlue {
		t.Fatalf("UnmarshalJSON gave %q, %v", c, err)
	}
	if err := c.UnmarshalJSON([]byte(` + "`" + `"GREEN"` + "`" + `)); err == nil || err.Error() != "GREEN is not a valid Color" {
		t.Fatalf("UnmarshalJSON of an unknown value: %v", err)
	}
	if err := c.UnmarshalJSON([]byte("12")); err == nil {
		t.Fatal("UnmarshalJSON accepted a number")
	}
	if err := c.UnmarshalGQL(3); err == nil || err.Error() != "enums must be strings" {
		t.Fatalf("UnmarshalGQL of a number: %v", err)
	}
	if len(AllColor) != 2 || !ColorRed.IsValid() || Color("x").IsValid() || ColorRed.String() != "RED" {
		t.Fatal("AllColor, IsValid or String is wrong")
	}
}
`,
	})
	cfg, err := config.LoadConfig("gqlgen.yml")
	require.NoError(t, err)
	require.NoError(t, cfg.Init())
	require.NoError(t, New().(*Plugin).MutateConfig(cfg))
	testmodule.Go(t, dir, "test", "./model/")
}
