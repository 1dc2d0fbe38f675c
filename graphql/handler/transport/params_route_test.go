package transport

import (
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/internal/builtinjson"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// recordingCodec is a program's own codec with no optional capability: it
// must be given every untyped document, variables included.
type recordingCodec struct{ untyped atomic.Int64 }

func (*recordingCodec) Name() string                  { return "recording" }
func (*recordingCodec) Marshal(v any) ([]byte, error) { return builtinjson.Marshal(v) }
func (c *recordingCodec) Unmarshal(data []byte, v any) error {
	if _, ok := v.(*map[string]any); ok {
		c.untyped.Add(1)
	}
	return builtinjson.Unmarshal(data, v)
}

// TestReadParamsVariablesRouting: the request reader decodes variables in
// place only when the codec in use leaves untyped values to the built-in
// decoder; a codec installed with codec.Use that has no say in it gets
// them, and both ways give the same values.
func TestReadParamsVariablesRouting(t *testing.T) {
	body := []byte(`{"query":"q","variables":{"n":1,"l":[1.5,"x",null,{"b":true}],"s":"}\"]"},"extensions":{"e":{}}}`)
	var direct graphql.RawParams
	if !readParams(body, &direct) {
		t.Fatal("readParams failed with the default codec")
	}
	c := new(recordingCodec)
	codec.Use(c)
	t.Cleanup(func() { codec.Use(nil) })
	var routed graphql.RawParams
	if !readParams(body, &routed) {
		t.Fatal("readParams failed with an installed codec")
	}
	if n := c.untyped.Load(); n != 2 {
		t.Errorf("the installed codec decoded %d untyped documents; want 2 (variables, extensions)", n)
	}
	if !reflect.DeepEqual(direct, routed) {
		t.Errorf("built-in decoder: %#v\ninstalled codec: %#v", direct, routed)
	}
}

// TestReadParamsVariablesDepth: variables nested one level less than the
// decoders' limit are read; at the limit, the body (one level deeper) is
// left to the whole-body decoder, which rejects it as encoding/json does.
func TestReadParamsVariablesDepth(t *testing.T) {
	nested := func(depth int) []byte {
		// depth counts the variables object itself.
		return []byte(`{"query":"q","variables":{"a":` + strings.Repeat("[", depth-1) + strings.Repeat("]", depth-1) + `}}`)
	}
	var p graphql.RawParams
	if !readParams(nested(jsonscan.MaxDepth-1), &p) || p.Variables == nil {
		t.Errorf("variables %d deep: not read", jsonscan.MaxDepth-1)
	}
	p = graphql.RawParams{}
	if readParams(nested(jsonscan.MaxDepth), &p) {
		t.Errorf("variables %d deep: read, want them left to the whole-body decoder", jsonscan.MaxDepth)
	}
	if err := decodeJSON(nested(jsonscan.MaxDepth), &graphql.RawParams{}); err == nil {
		t.Errorf("variables %d deep: decodeJSON accepted them", jsonscan.MaxDepth)
	}
}
