package graphql

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

type searchInput struct{ Term string }

type pageInput struct{ Size int }

// unmarshalSearch is a generated-style unmarshaler returning a value.
func unmarshalSearch(_ context.Context, obj any) (searchInput, error) {
	m, _ := obj.(map[string]any)
	if m == nil {
		return searchInput{}, nil
	}
	term, ok := m["term"].(string)
	if !ok {
		return searchInput{}, errors.New("term must be a string")
	}
	return searchInput{Term: term}, nil
}

// unmarshalPage returns a pointer, as with return_pointers_in_unmarshalinput.
func unmarshalPage(_ context.Context, obj any) (*pageInput, error) {
	if obj == nil {
		return nil, nil
	}
	return &pageInput{Size: obj.(map[string]any)["size"].(int)}, nil
}

func unmarshalMap(_ context.Context, obj any) (map[string]any, error) {
	m, _ := obj.(map[string]any)
	return m, nil
}

func TestUnmarshalNamedInputFromContext(t *testing.T) {
	idx := NewInputUnmarshalerIndex(
		NewInputUnmarshaler("Search", unmarshalSearch),
		NewInputUnmarshaler("Page", unmarshalPage),
		NewInputUnmarshaler("Filter", unmarshalMap),
	)
	ctx := WithInputUnmarshalerIndex(t.Context(), idx)
	tests := []struct {
		name    string
		input   string
		raw     any
		target  func() any       // a fresh pointer
		check   func(v any) bool // on the pointer, after success
		wantErr string
	}{
		{"value into value", "Search", map[string]any{"term": "go"}, func() any { return new(searchInput) },
			func(v any) bool { return v.(*searchInput).Term == "go" }, ""},
		{"value into pointer", "Search", map[string]any{"term": "go"}, func() any { return new(*searchInput) },
			func(v any) bool { return (*v.(**searchInput)).Term == "go" }, ""},
		{"pointer into value", "Page", map[string]any{"size": 3}, func() any { return new(pageInput) },
			func(v any) bool { return v.(*pageInput).Size == 3 }, ""},
		{"pointer into pointer", "Page", map[string]any{"size": 3}, func() any { return new(*pageInput) },
			func(v any) bool { return (*v.(**pageInput)).Size == 3 }, ""},
		{"null pointer into value", "Page", nil, func() any { p := &pageInput{Size: 9}; return p },
			func(v any) bool { return v.(*pageInput).Size == 0 }, ""},
		{"map", "Filter", map[string]any{"a": 1}, func() any { return new(map[string]any) },
			func(v any) bool { return (*v.(*map[string]any))["a"] == 1 }, ""},
		{"unmarshaler error", "Search", map[string]any{"term": 1}, func() any { return new(searchInput) }, nil,
			"term must be a string"},
		{"unknown input", "Nope", nil, func() any { return new(searchInput) }, nil,
			`graphql: no unmarshaler for input "Nope"; inputs bound to a Go type with its own UnmarshalGQL method are not indexed`},
		{"not a pointer", "Search", nil, func() any { return searchInput{} }, nil, "graphql: input must be a non-nil pointer"},
		{"nil pointer", "Search", nil, func() any { return (*searchInput)(nil) }, nil, "graphql: input must be a non-nil pointer"},
		{"wrong target", "Search", nil, func() any { return new(pageInput) }, nil,
			"graphql: cannot store unmarshaled graphql.searchInput in graphql.pageInput"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.target()
			err := UnmarshalNamedInputFromContext(ctx, tt.input, tt.raw, v)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %s", err, tt.wantErr)
				}
				return
			}
			if err != nil || !tt.check(v) {
				t.Errorf("error %v, value %+v", err, v)
			}
		})
	}
	var s searchInput
	if err := UnmarshalNamedInputFromContext(t.Context(), "Search", nil, &s); err == nil || err.Error() != "graphql: the input context is empty" {
		t.Errorf("without an index: %v", err)
	}
}

func TestLazyInputUnmarshalerIndex(t *testing.T) {
	if WithLazyInputUnmarshalerIndex(t.Context(), nil) != t.Context() {
		t.Error("a nil builder changed the context")
	}
	var builds atomic.Int32
	ctx := WithLazyInputUnmarshalerIndex(t.Context(), func() *InputUnmarshalerIndex {
		builds.Add(1)
		return NewInputUnmarshalerIndex(NewInputUnmarshaler("Search", unmarshalSearch))
	})
	if builds.Load() != 0 {
		t.Fatal("built before use")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			var s searchInput
			if err := UnmarshalNamedInputFromContext(ctx, "Search", map[string]any{"term": "x"}, &s); err != nil || s.Term != "x" {
				t.Errorf("%v %+v", err, s)
			}
		})
	}
	wg.Wait()
	if builds.Load() != 1 {
		t.Errorf("built %d times", builds.Load())
	}
}

type ecStub struct{ prefix string }

func TestBindUnmarshaler(t *testing.T) {
	free := func(_ context.Context, ec *ecStub, obj any) (string, error) { return ec.prefix + obj.(string), nil }
	bound := BindUnmarshaler(&ecStub{prefix: "p-"}, free)
	ctx := WithInputUnmarshalerIndex(t.Context(), NewInputUnmarshalerIndex(NewInputUnmarshaler("Name", bound)))
	var s string
	if err := UnmarshalNamedInputFromContext(ctx, "Name", "x", &s); err != nil || s != "p-x" {
		t.Errorf("%v %q", err, s)
	}
}

func TestUnmarshalInputFromContext(t *testing.T) {
	t.Run("index", func(t *testing.T) {
		ctx := WithInputUnmarshalerIndex(t.Context(), NewInputUnmarshalerIndex(
			NewInputUnmarshaler("Search", unmarshalSearch),
			NewInputUnmarshaler("A", unmarshalMap),
			NewInputUnmarshaler("B", unmarshalMap),
		))
		var s searchInput
		if err := UnmarshalInputFromContext(ctx, map[string]any{"term": "t"}, &s); err != nil || s.Term != "t" {
			t.Errorf("%v %+v", err, s)
		}
		var m map[string]any
		err := UnmarshalInputFromContext(ctx, nil, &m)
		if err == nil || err.Error() != "graphql: 2 input types unmarshal to map[string]interface {} (A, B); use UnmarshalNamedInputFromContext" {
			t.Errorf("ambiguous: %v", err)
		}
		var p pageInput
		if err := UnmarshalInputFromContext(ctx, nil, &p); err == nil || err.Error() != "graphql: no unmarshal function found" {
			t.Errorf("missing: %v", err)
		}
	})
	t.Run("map", func(t *testing.T) {
		m := BuildUnmarshalerMap(unmarshalSearch, unmarshalPage, "not a function", func() {})
		if len(m) != 2 || !m[reflect.TypeFor[*pageInput]()].IsValid() {
			t.Fatalf("map %v", m)
		}
		ctx := WithUnmarshalerMap(t.Context(), m)
		var s searchInput
		if err := UnmarshalInputFromContext(ctx, map[string]any{"term": "t"}, &s); err != nil || s.Term != "t" {
			t.Errorf("%v %+v", err, s)
		}
		var p *pageInput
		if err := UnmarshalInputFromContext(ctx, nil, &p); err != nil || p != nil {
			t.Errorf("null input: %v %v", err, p)
		}
		if err := UnmarshalInputFromContext(ctx, map[string]any{"term": 2}, &s); err == nil || !strings.Contains(err.Error(), "term") {
			t.Errorf("unmarshaler error: %v", err)
		}
		var i int
		if err := UnmarshalInputFromContext(ctx, nil, &i); err == nil || err.Error() != "graphql: no unmarshal function found" {
			t.Errorf("missing: %v", err)
		}
		if err := UnmarshalInputFromContext(ctx, nil, s); err == nil {
			t.Error("a value target was accepted")
		}
	})
	var s searchInput
	if err := UnmarshalInputFromContext(t.Context(), nil, &s); err == nil || err.Error() != "graphql: the input context is empty" {
		t.Errorf("empty context: %v", err)
	}
}

func TestProcessArgField(t *testing.T) {
	ctx := WithFieldContext(t.Context(), &FieldContext{Field: named("search")})
	raw := map[string]any{"term": "go", "bad": 1}
	mapper := func(ctx context.Context, v any) (string, error) {
		if s, ok := v.(string); ok {
			return s, nil
		}
		return "", ErrorOnPath(ctx, errors.New("not a string"))
	}
	if got, err := ProcessArgField(ctx, raw, "term", mapper); err != nil || got != "go" {
		t.Errorf("%q %v", got, err)
	}
	if got, err := ProcessArgField(ctx, raw, "absent", mapper); err != nil || got != "" {
		t.Errorf("absent: %q %v", got, err)
	}
	_, err := ProcessArgField(ctx, raw, "bad", mapper)
	if e, ok := errors.AsType[*gqlerror.Error](err); !ok || e.Path.String() != "search.bad" {
		t.Errorf("error %v", err)
	}
}
