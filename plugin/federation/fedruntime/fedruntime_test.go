package fedruntime

import (
	"context"
	"errors"
	"strings"
	"testing"
)

type perItem []error

func (p perItem) Error() string   { return "some items failed" }
func (p perItem) Errors() []error { return p }

func TestSplitEntityBatchErrors(t *testing.T) {
	boom := errors.New("boom")
	items := perItem{nil, boom}
	tests := []struct {
		name      string
		in        error
		wantItems []error
		wantFatal error
	}{
		{"nil", nil, nil, nil},
		{"plain error is fatal", boom, nil, boom},
		{"per-item errors", items, items, nil},
		{"wrapped per-item errors", wrap{items}, items, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, fatal := SplitEntityBatchErrors(tt.in)
			if fatal != tt.wantFatal || len(got) != len(tt.wantItems) {
				t.Fatalf("got %v, %v; want %v, %v", got, fatal, tt.wantItems, tt.wantFatal)
			}
			for i := range got {
				if got[i] != tt.wantItems[i] {
					t.Errorf("item %d = %v; want %v", i, got[i], tt.wantItems[i])
				}
			}
		})
	}
}

type wrap struct{ err error }

func (w wrap) Error() string { return "wrapped: " + w.err.Error() }
func (w wrap) Unwrap() error { return w.err }

func TestValidateEntityKeys(t *testing.T) {
	byID := ResolverKeyCheck{ResolverName: "FindUserByID", KeyFields: []KeyFieldCheck{{FieldPath: []string{"id"}}}}
	byOrg := ResolverKeyCheck{ResolverName: "FindUserByOrgIDAndName", KeyFields: []KeyFieldCheck{
		{FieldPath: []string{"org", "id"}}, {FieldPath: []string{"name"}},
	}}
	tests := []struct {
		name    string
		rep     map[string]any
		checks  []ResolverKeyCheck
		want    string
		wantErr string
	}{
		{"first match", map[string]any{"id": "1"}, []ResolverKeyCheck{byID, byOrg}, "FindUserByID", ""},
		{"second match", map[string]any{"org": map[string]any{"id": 7}, "name": nil}, []ResolverKeyCheck{byID, byOrg}, "FindUserByOrgIDAndName", ""},
		{"no resolvers", map[string]any{"id": "1"}, nil, "", "type not found for User: no resolvers defined"},
		{"all null", map[string]any{"id": nil}, []ResolverKeyCheck{byID}, "", "type not found for User due to type not found due to all null value KeyFields for User"},
		{"missing field", map[string]any{}, []ResolverKeyCheck{byID}, "", `type not found for User due to type not found: missing Key Field "id"`},
		{"nested not an object", map[string]any{"org": "x", "name": "n"}, []ResolverKeyCheck{byOrg}, "",
			`type not found for User due to type not found: nested Key Field "org" value not matching map[string]any`},
		{"empty path", map[string]any{"id": 1}, []ResolverKeyCheck{{ResolverName: "X", KeyFields: []KeyFieldCheck{{}}}}, "",
			"type not found for User due to type not found: empty field path"},
		{"every refusal listed", map[string]any{"name": "n"}, []ResolverKeyCheck{byID, byOrg}, "",
			"type not found for User due to type not found: missing Key Field \"id\"\ntype not found: missing Key Field \"org\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ValidateEntityKeys("User", tt.rep, tt.checks)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr || !errors.Is(err, ErrTypeNotFound) {
					t.Fatalf("error %v; want %q wrapping ErrTypeNotFound", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestChainDirectivesOrder(t *testing.T) {
	var trail []string
	tag := func(name string) DirectiveFunc {
		return func(ctx context.Context, next ResolverFunc) (any, error) {
			trail = append(trail, name+">")
			ctx = context.WithValue(ctx, ctxKey(name), true)
			v, err := next(ctx)
			trail = append(trail, "<"+name)
			return v, err
		}
	}
	base := func(ctx context.Context) (any, error) {
		trail = append(trail, "base")
		if ctx.Value(ctxKey("outer")) == nil || ctx.Value(ctxKey("inner")) == nil {
			return nil, errors.New("context lost")
		}
		return 42, nil
	}
	v, err := ChainDirectives(context.Background(), base, []DirectiveFunc{tag("outer"), tag("inner")})
	if err != nil || v != 42 {
		t.Fatalf("got %v, %v", v, err)
	}
	if got := strings.Join(trail, " "); got != "outer> inner> base <inner <outer" {
		t.Errorf("order %q", got)
	}
}

type ctxKey string

func TestWrapEntityResolver(t *testing.T) {
	resolve := func(context.Context) (int, error) { return 3, nil }
	if v, err := WrapEntityResolver(context.Background(), resolve, nil); v != 3 || err != nil {
		t.Fatalf("no directives: %v, %v", v, err)
	}
	double := func(ctx context.Context, next ResolverFunc) (any, error) {
		v, err := next(ctx)
		return v.(int) * 2, err
	}
	if v, err := WrapEntityResolver(context.Background(), resolve, []DirectiveFunc{double}); v != 6 || err != nil {
		t.Fatalf("doubling directive: %v, %v", v, err)
	}
	swap := func(ctx context.Context, next ResolverFunc) (any, error) { return "three", nil }
	_, err := WrapEntityResolver(context.Background(), resolve, []DirectiveFunc{swap})
	if err == nil || err.Error() != "unexpected type string from directive chain, expected int" {
		t.Fatalf("type change: %v", err)
	}
	deny := func(ctx context.Context, next ResolverFunc) (any, error) { return nil, errors.New("denied") }
	if _, err := WrapEntityResolver(context.Background(), resolve, []DirectiveFunc{deny}); err == nil || err.Error() != "denied" {
		t.Fatalf("denying directive: %v", err)
	}
}
