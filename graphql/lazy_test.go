package graphql

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// lazyInfo describes a field of type Child on Item; its Child function
// reports the ec it was given.
var lazyInfo = &FieldInfo{
	Object:   "Item",
	IsMethod: true,
	Child: func(ec any, _ context.Context, f CollectedField) (*FieldContext, error) {
		return &FieldContext{Object: fmt.Sprint(ec), Field: f}, nil
	},
}

// lazyVariants returns the ways of getting a lazy field context for field
// under ctx, with the FieldSet when there is one.
func lazyVariants(ctx context.Context, field *CollectedField, result any) map[string]context.Context {
	_, under := NewFieldSetUnder(ctx, LazyField{Info: lazyInfo, EC: "ec", Field: field, Result: result}, fieldsNamed("x", "y"))
	many := make([]CollectedField, 40)
	_, big := NewFieldSetUnder(ctx, LazyField{Info: lazyInfo, EC: "ec", Field: field, Result: result}, many)
	return map[string]context.Context{
		"WithLazyFieldContext":    WithLazyFieldContext(ctx, lazyInfo, "ec", field, result),
		"NewFieldSetUnder":        under,
		"NewFieldSetUnder, large": big,
	}
}

func TestLazyFieldContext(t *testing.T) {
	oc := &OperationContext{RawQuery: "{ items { child } }"}
	base := WithOperationContext(newResponseCtx(t), oc)
	parent := &FieldContext{Object: "Query", Field: named("items")}
	ctx := WithFieldContext(base, parent)
	field := named("child")
	result := &struct{ v int }{7}
	for name, lazy := range lazyVariants(ctx, &field, result) {
		t.Run(name, func(t *testing.T) {
			fc := GetFieldContext(lazy)
			if fc == nil || fc.Parent != parent || fc.Object != "Item" || fc.Field.Alias != "child" ||
				fc.Result != any(result) || !fc.IsMethod || fc.IsResolver || fc.Index != nil || fc.Args != nil {
				t.Fatalf("built %+v", fc)
			}
			if GetFieldContext(lazy) != fc {
				t.Error("a second lookup built another FieldContext")
			}
			child, err := fc.Child(lazy, named("leaf"))
			if err != nil || child.Object != "ec" || child.Field.Alias != "leaf" {
				t.Errorf("Child gave %+v, %v", child, err)
			}
			if GetPath(lazy).String() != "items.child" {
				t.Errorf("path %s", GetPath(lazy))
			}
			if GetOperationContext(lazy) != oc {
				t.Error("other values not reachable")
			}
			// Fields below see it as their parent, and errors name its path.
			leaf := WithFieldContext(lazy, &FieldContext{Field: named("leaf")})
			if GetFieldContext(leaf).Parent != fc {
				t.Error("child field has another parent")
			}
			AddError(leaf, errors.New("boom"))
			if errs := GetErrors(leaf); errs[len(errs)-1].Path.String() != "items.child.leaf" {
				t.Errorf("error at %s", errs[len(errs)-1].Path)
			}
			if !strings.HasSuffix(fmt.Sprint(lazy), "WithLazyFieldContext") {
				t.Errorf("String() = %s", lazy)
			}
		})
	}
}

func TestLazyFieldContextNothingBuiltUntilAsked(t *testing.T) {
	ctx := WithFieldContext(newResponseCtx(t), &FieldContext{Field: named("items")})
	field := named("child")
	lazy := WithLazyFieldContext(ctx, &FieldInfo{Object: "Item"}, nil, &field, nil).(*lazyField)
	_ = lazy.Value(ctxMark{})
	_ = WithLazyFieldContext(lazy, &FieldInfo{Object: "Child"}, nil, &field, nil).Value(operationCtxKey)
	if lazy.built.Load() != nil {
		t.Error("FieldContext built by an unrelated lookup")
	}
	// Without a Child function the FieldContext has none, as for scalars.
	if GetFieldContext(lazy).Child != nil {
		t.Error("Child set without FieldInfo.Child")
	}
}

func TestLazyFieldContextConcurrentBuild(t *testing.T) {
	ctx := WithFieldContext(t.Context(), &FieldContext{Field: named("items")})
	for range 50 {
		field := named("child")
		lazy := WithLazyFieldContext(ctx, lazyInfo, "ec", &field, nil)
		elements := MarshalSlice(lazy, 1, false, nil, func(ctx context.Context, _ int) Marshaler {
			got := make([]*FieldContext, 8)
			var wg sync.WaitGroup
			for i := range got {
				wg.Go(func() { got[i] = GetFieldContext(ctx) })
			}
			wg.Wait()
			for _, fc := range got {
				if fc != got[0] || fc.Parent != GetFieldContext(lazy) {
					t.Fatal("concurrent lookups built different FieldContexts")
				}
			}
			return Null
		})
		if len(elements) != 1 {
			t.Fatal(elements)
		}
	}
}

func TestLazyContextsDelegate(t *testing.T) {
	deadline := time.Now().Add(time.Hour)
	ctx, cancel := context.WithDeadline(t.Context(), deadline)
	field := named("f")
	lazy := WithLazyFieldContext(ctx, lazyInfo, nil, &field, nil)
	MarshalSlice(lazy, 1, false, nil, func(elem context.Context, _ int) Marshaler {
		for _, c := range []context.Context{lazy, elem} {
			if d, ok := c.Deadline(); !ok || !d.Equal(deadline) {
				t.Error("deadline lost")
			}
			if c.Err() != nil {
				t.Error("error before cancel")
			}
		}
		cancel()
		for _, c := range []context.Context{lazy, elem} {
			<-c.Done()
			if c.Err() != context.Canceled {
				t.Error("cancellation lost")
			}
		}
		if !strings.HasSuffix(fmt.Sprint(elem), "WithListIndex") {
			t.Errorf("String() = %s", elem)
		}
		return Null
	})
}

func TestMarshalSliceElementResults(t *testing.T) {
	v := []string{"a", "b", "c"}
	ctx := WithFieldContext(t.Context(), &FieldContext{Field: named("l")})
	MarshalSlice(ctx, len(v), false, func(i int) any { return &v[i] }, func(ctx context.Context, i int) Marshaler {
		if r, ok := GetFieldContext(ctx).Result.(*string); !ok || r != &v[i] {
			t.Errorf("element %d: Result %v", i, GetFieldContext(ctx).Result)
		}
		return Null
	})
	MarshalSlice(ctx, 1, false, nil, func(ctx context.Context, i int) Marshaler {
		if GetFieldContext(ctx).Result != nil {
			t.Error("Result set without an element function")
		}
		return Null
	})
}
