package graphql

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

type user struct{ ID int }

// underElement returns ctx inside field "name" of element i of list "users".
func underElement(ctx context.Context, i int, name string) context.Context {
	ctx = WithFieldContext(ctx, &FieldContext{Field: named("users")})
	ctx = WithFieldContext(ctx, &FieldContext{Index: &i})
	return WithFieldContext(ctx, &FieldContext{Object: "User", Field: named(name)})
}

func TestBatchParents(t *testing.T) {
	users := []user{{1}, {2}, {3}}
	ctx := WithBatchParentValues(newResponseCtx(t), "User", users)
	ctx = WithBatchParents(ctx, "Team", []string{"t"}, map[int]int{4: 0})

	if g := GetBatchParentGroup(ctx, "User"); g == nil || len(g.Parents.([]*user)) != 3 || g.Parents.([]*user)[1] != &users[1] {
		t.Fatalf("User group %+v", g)
	}
	if g := GetBatchParentGroup(ctx, "Team"); g == nil || g.IndexMap[4] != 0 {
		t.Fatalf("Team group %+v", g)
	}
	if GetBatchParentGroup(ctx, "Other") != nil || GetBatchParentGroup(t.Context(), "User") != nil {
		t.Error("found a group that was not registered")
	}
	// An inner registration of the same type shadows the outer one.
	inner := WithBatchParents(ctx, "User", []*user{{9}}, nil)
	if g := GetBatchParentGroup(inner, "User"); len(g.Parents.([]*user)) != 1 {
		t.Error("inner group not found first")
	}

	field := underElement(ctx, 1, "friends")
	b, ok := BatchParentsFor[*user](field, "User")
	if !ok || b.Index != 1 || len(b.Parents) != 3 {
		t.Fatalf("BatchParentsFor = %+v, %v", b, ok)
	}
	for name, c := range map[string]context.Context{
		"wrong type":     field,
		"not in a list":  WithFieldContext(ctx, &FieldContext{Field: named("x")}),
		"no group":       underElement(t.Context(), 0, "friends"),
		"argument level": WithPathContext(WithFieldContext(ctx, &FieldContext{Field: named("x")}), NewPathWithField("arg")),
	} {
		var ok bool
		if name == "wrong type" {
			_, ok = BatchParentsFor[user](c, "User")
		} else {
			_, ok = BatchParentsFor[*user](c, "User")
		}
		if ok {
			t.Errorf("%s: found a batch", name)
		}
	}

	var calls atomic.Int32
	var wg sync.WaitGroup
	results := make([]*BatchFieldResult, 3)
	for i := range 3 {
		wg.Go(func() {
			b, _ := BatchParentsFor[*user](underElement(ctx, i, "friends"), "User")
			results[i] = b.FieldResult(named("friends"), func() (any, error) {
				calls.Add(1)
				return []int{10, 20, 30}, nil
			})
		})
	}
	wg.Wait()
	if calls.Load() != 1 || results[0] != results[2] || results[1].Results.([]int)[1] != 20 {
		t.Errorf("resolved %d times", calls.Load())
	}
	var nilGroup *BatchParentGroup
	if nilGroup.GetFieldResult("k", nil) != nil {
		t.Error("nil group")
	}
}

func TestBatchParentIndexAndPath(t *testing.T) {
	ctx := underElement(t.Context(), 4, "name")
	if i, ok := BatchParentIndex(ctx); !ok || i != 4 {
		t.Errorf("index %d %v", i, ok)
	}
	if got := BatchPathWithIndex(ctx, 7).String(); got != "users[7].name" {
		t.Errorf("path %s", got)
	}
	if GetPath(ctx).String() != "users[4].name" {
		t.Error("BatchPathWithIndex changed the context's path")
	}
	arg := WithPathContext(ctx, NewPathWithField("a"))
	if _, ok := BatchParentIndex(arg); ok {
		t.Error("argument path has a parent index")
	}
	flat := WithFieldContext(t.Context(), &FieldContext{Field: named("me")})
	if _, ok := BatchParentIndex(flat); ok {
		t.Error("a root field has a parent index")
	}
	if got := BatchPathWithIndex(flat, 3).String(); got != "me" {
		t.Errorf("path %s", got)
	}
}

func TestAddBatchError(t *testing.T) {
	ctx := underElement(newResponseCtx(t), 0, "name")
	AddBatchError(ctx, 2, nil)
	AddBatchError(ctx, 2, errors.New("plain"))
	AddBatchError(ctx, 2, gqlerror.Errorf("gql"))
	placed := gqlerror.Errorf("placed")
	placed.Path = ast.Path{ast.PathName("elsewhere")}
	AddBatchError(ctx, 2, fmt.Errorf("wrapped: %w", placed))
	AddBatchError(ctx, 1, gqlerror.List{gqlerror.Errorf("l1"), nil, gqlerror.Errorf("l2")})
	var got []string
	for _, e := range GetErrors(ctx) {
		got = append(got, e.Message+"@"+e.Path.String())
	}
	want := []string{"plain@users[2].name", "gql@users[2].name", "placed@elsewhere", "l1@users[1].name", "l2@users[1].name"}
	if !equalStrings(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestResolveBatchGroupResult(t *testing.T) {
	perParent := BatchErrorList{nil, errors.New("second failed"), nil}
	tests := []struct {
		name     string
		idx      int
		parents  int
		result   *BatchFieldResult
		indexMap map[int]int
		want     any
		wantErr  string
	}{
		{name: "ok", idx: 1, parents: 3, result: &BatchFieldResult{Results: []string{"a", "b", "c"}}, want: "b"},
		{name: "mapped", idx: 5, parents: 3, result: &BatchFieldResult{Results: []string{"a", "b", "c"}}, indexMap: map[int]int{5: 2}, want: "c"},
		{name: "wrong type", idx: 1, parents: 3, result: &BatchFieldResult{Results: []int{1}},
			wantErr: "batch resolver T.f returned unexpected result type (index 1)"},
		{name: "wrong length", idx: 1, parents: 3, result: &BatchFieldResult{Results: []string{"a"}},
			wantErr: "index 1: batch resolver T.f returned 1 results for 3 parents"},
		{name: "out of range", idx: 7, parents: 3, result: &BatchFieldResult{Results: []string{"a", "b", "c"}},
			wantErr: "batch resolver T.f could not resolve parent index 7"},
		{name: "whole batch failed", idx: 0, parents: 3, result: &BatchFieldResult{Err: errors.New("down")}, wantErr: "down"},
		{name: "this parent failed", idx: 1, parents: 3, result: &BatchFieldResult{Results: []string{"a", "", "c"}, Err: perParent},
			wantErr: "second failed"},
		{name: "another parent failed", idx: 2, parents: 3, result: &BatchFieldResult{Results: []string{"a", "", "c"}, Err: perParent}, want: "c"},
		{name: "errors of wrong length", idx: 0, parents: 3, result: &BatchFieldResult{Results: []string{"a", "b", "c"}, Err: BatchErrorList{nil}},
			wantErr: "index 0: batch resolver T.f returned 1 errors for 3 parents"},
		{name: "partial failure with wrong type", idx: 0, parents: 3, result: &BatchFieldResult{Results: 3, Err: perParent},
			wantErr: "batch resolver T.f returned unexpected result type (index 0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := underElement(newResponseCtx(t), tt.idx, "f")
			got, err := ResolveBatchGroupResult[string](ctx, ast.PathIndex(tt.idx), tt.parents, tt.result, "T.f", tt.indexMap)
			if err != nil {
				t.Fatalf("error returned: %v", err)
			}
			errs := GetErrors(ctx)
			if tt.wantErr == "" {
				if got != tt.want || errs != nil {
					t.Errorf("got %v, errors %v", got, errs)
				}
				return
			}
			if got != nil || len(errs) != 1 || errs[0].Message != tt.wantErr {
				t.Errorf("got %v, errors %v; want %s", got, errs, tt.wantErr)
			}
			if want := fmt.Sprintf("users[%d].f", tt.idx); errs[0].Path.String() != want {
				t.Errorf("error at %s, want %s", errs[0].Path, want)
			}
		})
	}
	mustPanic(t, "batch resolver T.f: index 1 not found in index map (this is a gqlgen bug)", func() {
		_, _ = ResolveBatchGroupResult[string](t.Context(), 1, 1, &BatchFieldResult{}, "T.f", map[int]int{})
	})
}

func TestResolveBatchSingleResult(t *testing.T) {
	tests := []struct {
		name    string
		results []int
		err     error
		want    any
		wantErr string
	}{
		{"ok", []int{4}, nil, 4, ""},
		{"failed", nil, errors.New("down"), nil, "down"},
		{"wrong length", []int{1, 2}, nil, nil, "batch resolver T.f returned 2 results for 1 parents (index 0)"},
		{"per parent ok", []int{5}, BatchErrorList{nil}, 5, ""},
		{"per parent failed", []int{0}, BatchErrorList{errors.New("mine")}, nil, "mine"},
		{"per parent wrong length", nil, BatchErrorList{nil}, nil, "batch resolver T.f returned 0 results for 1 parents (index 0)"},
		{"per parent wrong error count", []int{1}, BatchErrorList{}, nil, "batch resolver T.f returned 0 errors for 1 parents (index 0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := WithFieldContext(newResponseCtx(t), &FieldContext{Field: named("f")})
			got, err := ResolveBatchSingleResult(ctx, tt.results, tt.err, "T.f")
			if err != nil || got != tt.want {
				t.Errorf("got %v %v", got, err)
			}
			if got := errorMessages(GetErrors(ctx)); (tt.wantErr == "" && got != nil) || (tt.wantErr != "" && !equalStrings(got, []string{tt.wantErr})) {
				t.Errorf("errors %q, want %q", got, tt.wantErr)
			}
		})
	}
}

func TestBatchErrorList(t *testing.T) {
	a, b := errors.New("a"), errors.New("b")
	l := BatchErrorList{nil, a, nil, b}
	if l.Error() != "batch resolver returned errors" || len(l.Errors()) != 4 {
		t.Error("Error/Errors")
	}
	if u := l.Unwrap(); len(u) != 2 || u[0] != a || u[1] != b || !errors.Is(l, b) {
		t.Errorf("Unwrap %v", u)
	}
	if (BatchErrorList{nil}).Unwrap() != nil || (BatchErrorList{}).Unwrap() != nil {
		t.Error("Unwrap of no errors")
	}
	var _ BatchErrors = l
}

func TestFederationRequiresForBatch(t *testing.T) {
	reps := []map[string]any{{"id": "0"}, {"id": "1"}, {"id": "2"}}
	entities := WithFieldContext(t.Context(), &FieldContext{Field: named("_entities"), Args: map[string]any{"representations": reps}})
	at := func(i int) context.Context {
		ctx := WithFieldContext(entities, &FieldContext{Index: &i})
		return WithFieldContext(ctx, &FieldContext{Field: named("price"), Args: map[string]any{"currency": "EUR"}})
	}
	tests := []struct {
		name     string
		ctx      context.Context
		count    int
		indexMap map[int]int
		want     []string
		wantErr  string
	}{
		{"aligned", at(0), 3, nil, []string{"0", "1", "2"}, ""},
		{"single parent uses its index", at(2), 1, nil, []string{"2"}, ""},
		{"index map", at(0), 2, map[int]int{2: 0, 0: 1}, []string{"2", "0"}, ""},
		{"index map misses", at(0), 2, map[int]int{2: 0}, nil, "batch index 1 not found in index map"},
		{"too many", at(0), 4, nil, nil, "representation not found for batch index 3"},
		{"outside entities", WithFieldContext(t.Context(), &FieldContext{Field: named("x")}), 1, nil, nil, "must be called from within _entities"},
		{"no field", t.Context(), 1, nil, nil, "must be called from within _entities"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FederationRequiresForBatch(tt.ctx, tt.count, tt.indexMap)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Errorf("error %v, want %s", err, tt.wantErr)
				}
				return
			}
			var ids []string
			for _, r := range got {
				ids = append(ids, r["id"].(string))
			}
			if err != nil || !equalStrings(ids, tt.want) {
				t.Errorf("got %v %v", ids, err)
			}
		})
	}
}
