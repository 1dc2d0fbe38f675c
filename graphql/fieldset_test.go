package graphql

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

// fieldsNamed returns one collected field per alias.
func fieldsNamed(aliases ...string) []CollectedField {
	out := make([]CollectedField, len(aliases))
	for i, a := range aliases {
		out[i] = named(a)
	}
	return out
}

// customScalar is a Marshaler this package did not write, so it goes
// through the io.Writer path.
type customScalar string

func (c customScalar) MarshalGQL(w io.Writer) { _, _ = io.WriteString(w, `"<`+string(c)+`>"`) }

func TestFieldSetMarshal(t *testing.T) {
	tests := []struct {
		name   string
		fields []CollectedField
		values []Marshaler
		want   string
	}{
		{"empty", nil, nil, `{}`},
		{"in field order", fieldsNamed("b", "a"), []Marshaler{MarshalInt(1), MarshalString("x")}, `{"b":1,"a":"x"}`},
		{"first of a repeated alias wins", fieldsNamed("a", "b", "a"), []Marshaler{True, False, Null}, `{"a":true,"b":false}`},
		{"unset value is null", fieldsNamed("a"), []Marshaler{nil}, `{"a":null}`},
		{"custom marshalers and nesting", fieldsNamed("c", "l"),
			[]Marshaler{customScalar("v"), Array{customScalar("w"), Null}}, `{"c":"<v>","l":["<w>",null]}`},
		{"escaped alias", fieldsNamed("a\"b"), []Marshaler{Null}, `{"a\"b":null}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := NewFieldSet(tt.fields)
			copy(fs.Values, tt.values)
			if got := writtenEverywhere(t, fs); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if got := string(AppendGQL(nil, fs)); got != tt.want {
				t.Errorf("AppendGQL got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestFieldSetRepeatedAliasesFromCollectFields(t *testing.T) {
	// Two unrelated interfaces of the same object select the same response
	// key from different parent types: CollectFields keeps both entries and
	// the object writes the first.
	oc, sel := operation(t, `{ me { name n: name } }`, nil)
	unique := CollectFields(oc, sel, []string{"Person"})
	if !aliasesKnownUnique(unique) {
		t.Fatal("distinct aliases not marked")
	}
	fs := NewFieldSet(unique)
	fs.SetString(0, "a")
	fs.SetString(1, "b")
	if got := written(fs); got != `{"name":"a","n":"b"}` {
		t.Errorf("got %s", got)
	}

	repeated := []CollectedField{unique[0], unique[1], unique[0]}
	if aliasesKnownUnique(markUniqueAliases(repeated)) {
		t.Error("repeated aliases marked unique")
	}
	// Appending to a memoised result must not write into the cache.
	fs = NewFieldSet(unique)
	fs.AddField(named("extra"))
	if again := CollectFields(oc, sel, []string{"Person"}); len(again) != 2 || !aliasesKnownUnique(again) {
		t.Errorf("cached fields changed by AddField: %s", describe(again))
	}
}

func TestNewFieldSetSizes(t *testing.T) {
	for n := range 40 {
		for _, ctor := range []func([]CollectedField) *FieldSet{NewFieldSet, NewFieldSetWithScalars} {
			fields := make([]CollectedField, n)
			for i := range fields {
				fields[i] = named(fmt.Sprintf("f%d", i))
			}
			fs := ctor(fields)
			if len(fs.Values) != n {
				t.Fatalf("n=%d: %d values", n, len(fs.Values))
			}
			for i := range fs.Values {
				fs.SetInt(i, int64(i))
			}
			fs.AddField(named("last"))
			fs.Values[n] = MarshalString("end")
			var want strings.Builder
			want.WriteByte('{')
			for i := range n {
				fmt.Fprintf(&want, `"f%d":%d,`, i, i)
			}
			want.WriteString(`"last":"end"}`)
			if got := written(fs); got != want.String() {
				t.Fatalf("n=%d: got %s\nwant %s", n, got, want.String())
			}
		}
	}
}

func TestFieldSetScalars(t *testing.T) {
	tests := []struct {
		name string
		set  func(fs *FieldSet) bool
		want Marshaler
	}{
		{"string", func(fs *FieldSet) bool { fs.SetString(0, "a\"\n<b>"); return true }, MarshalString("a\"\n<b>")},
		{"int", func(fs *FieldSet) bool { fs.SetInt(0, math.MinInt64); return true }, MarshalInt64(math.MinInt64)},
		{"uint", func(fs *FieldSet) bool { fs.SetUint(0, math.MaxUint64); return true }, MarshalUint64(math.MaxUint64)},
		{"float", func(fs *FieldSet) bool { return fs.SetFloat(0, 1e21) }, MarshalFloat(1e21)},
		{"small float", func(fs *FieldSet) bool { return fs.SetFloat(0, 0.000001) }, MarshalFloat(0.000001)},
		{"bool", func(fs *FieldSet) bool { fs.SetBoolean(0, true); return true }, True},
	}
	for _, tt := range tests {
		for _, ctor := range []struct {
			name string
			new  func([]CollectedField) *FieldSet
		}{{"plain", NewFieldSet}, {"with scalars", NewFieldSetWithScalars}} {
			t.Run(tt.name+"/"+ctor.name, func(t *testing.T) {
				fs := ctor.new(fieldsNamed("v"))
				if !tt.set(fs) {
					t.Fatal("value not stored")
				}
				want := `{"v":` + written(tt.want) + `}`
				if got := writtenEverywhere(t, fs); got != want {
					t.Errorf("got %s, want %s", got, want)
				}
				if got := writtenEverywhere(t, fs.Values[0]); got != written(tt.want) {
					t.Errorf("value alone got %s", got)
				}
			})
		}
	}

	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		fs := NewFieldSetWithScalars(fieldsNamed("v"))
		if fs.SetFloat(0, f) || fs.Values[0] != nil {
			t.Errorf("SetFloat(%v) stored a value", f)
		}
	}
}

func TestFieldSetDispatch(t *testing.T) {
	oc := &OperationContext{RecoverFunc: func(_ context.Context, v any) error { return fmt.Errorf("recovered %v", v) }}
	tests := []struct {
		name         string
		results      []Marshaler // what each scheduled field returns; nil panics
		nonNull      bool
		wantInvalids uint32
		wantErrors   []string
	}{
		{"one value", []Marshaler{MarshalInt(1)}, true, 0, nil},
		{"null in a non-null field", []Marshaler{Null, MarshalInt(1), Null}, true, 2, nil},
		{"null in a nullable field", []Marshaler{Null, Null}, false, 0, nil},
		{"required null in a nullable field", []Marshaler{RequiredNull, MarshalInt(2)}, false, 1, nil},
		{"panic recovered", []Marshaler{nil, MarshalInt(3)}, true, 1, []string{"recovered boom: f0"}},
		{"many", []Marshaler{True, True, True, True, True, True, True, Null}, true, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := newResponseCtx(t)
			aliases := make([]string, len(tt.results))
			for i := range aliases {
				aliases[i] = fmt.Sprintf("f%d", i)
			}
			fs := NewFieldSet(fieldsNamed(aliases...))
			var dg DeferredGroup
			for i, r := range tt.results {
				fs.ResolveFieldConcurrently(oc, &dg, i, testFlags(false, true, tt.nonNull), func(ctx context.Context) Marshaler {
					if r == nil {
						panic("boom: " + aliases[i])
					}
					return r
				})
			}
			fs.Dispatch(ctx)
			if fs.Invalids != tt.wantInvalids {
				t.Errorf("Invalids = %d, want %d", fs.Invalids, tt.wantInvalids)
			}
			for i, r := range tt.results {
				if r == nil {
					r = Null
				}
				if fs.Values[i] != r {
					t.Errorf("value %d = %v, want %v", i, fs.Values[i], r)
				}
			}
			if got := errorMessages(GetErrors(ctx)); !equalStrings(got, tt.wantErrors) {
				t.Errorf("errors %q, want %q", got, tt.wantErrors)
			}
			if dg.Defers != nil || dg.FieldSet != nil {
				t.Error("a group without deferred fields was filled in")
			}
			dg.FieldSet.Dispatch(ctx) // nothing deferred, nothing to run
		})
	}
}

func TestFieldSetConcurrentlyLeavesCountingToTheCaller(t *testing.T) {
	fs := NewFieldSet(fieldsNamed("a", "b"))
	var ran atomic.Int32
	for i := range 2 {
		fs.Concurrently(i, func(context.Context) Marshaler { ran.Add(1); return Null })
	}
	fs.Dispatch(t.Context())
	if ran.Load() != 2 || fs.Invalids != 0 || fs.Values[0] != Null || fs.Values[1] != Null {
		t.Errorf("ran %d, Invalids %d, values %v", ran.Load(), fs.Invalids, fs.Values)
	}
	// Without recovery a panic reaches the caller (the first task runs on
	// the calling goroutine).
	fs = NewFieldSet(fieldsNamed("a"))
	fs.ResolveFieldConcurrently(&OperationContext{}, nil, 0, FieldNonNull, func(context.Context) Marshaler { panic("through") })
	mustPanic(t, "through", func() { fs.Dispatch(t.Context()) })
}

func TestDispatchRunsFieldsConcurrently(t *testing.T) {
	const n = 5
	fs := NewFieldSet(fieldsNamed("a", "b", "c", "d", "e"))
	var barrier sync.WaitGroup
	barrier.Add(n)
	for i := range n {
		fs.ResolveFieldConcurrently(&OperationContext{}, nil, i, FieldNonNull, func(context.Context) Marshaler {
			// Every field waits for all the others: this only returns if
			// they all run at once.
			barrier.Done()
			barrier.Wait()
			return MarshalInt(i)
		})
	}
	fs.Dispatch(t.Context())
	if got := written(fs); got != `{"a":0,"b":1,"c":2,"d":3,"e":4}` {
		t.Errorf("got %s", got)
	}
}

type ctxMark struct{}

func TestResolveRootConcurrently(t *testing.T) {
	var seen []string
	var mu sync.Mutex
	oc := &OperationContext{
		RecoverFunc: func(_ context.Context, v any) error { return fmt.Errorf("root panic %v", v) },
		RootResolverMiddleware: func(ctx context.Context, next RootResolver) Marshaler {
			mu.Lock()
			seen = append(seen, GetRootFieldContext(ctx).Object)
			mu.Unlock()
			if GetRootFieldContext(ctx).Object == "replaced" {
				return Null
			}
			return next(context.WithValue(ctx, ctxMark{}, "mw"))
		},
	}
	ctx := newResponseCtx(t)
	fs := NewFieldSet(fieldsNamed("a", "b", "replaced", "p"))
	for i, name := range []string{"a", "b", "replaced", "p"} {
		rctx := WithRootFieldContext(ctx, &RootFieldContext{Object: name})
		fs.ResolveRootFieldConcurrently(rctx, oc, i, testFlags(false, true, i != 1), func(ctx context.Context) Marshaler {
			if name == "p" {
				panic("p")
			}
			if ctx.Value(ctxMark{}) != "mw" || GetRootFieldContext(ctx).Object != name {
				t.Errorf("%s resolved under the wrong context", name)
			}
			return MarshalString(name)
		})
	}
	// Dispatch's own context is not the one the fields see.
	fs.Dispatch(context.WithValue(ctx, ctxMark{}, "dispatch"))
	if got := written(fs); got != `{"a":"a","b":"b","replaced":null,"p":null}` {
		t.Errorf("got %s", got)
	}
	// "replaced" and "p" are non-null and null.
	if fs.Invalids != 2 || len(seen) != 4 {
		t.Errorf("Invalids %d, middleware saw %v", fs.Invalids, seen)
	}
	if got := errorMessages(GetErrors(ctx)); !equalStrings(got, []string{"root panic p"}) {
		t.Errorf("errors %q", got)
	}
}

func TestResolveConcurrentlyDefersFields(t *testing.T) {
	oc, sel := operation(t, `{ me { name ... @defer(label: "a") { pets { name } animals { __typename } } ... @defer(label: "b") { pets { name } friends { name } } } }`, nil)
	fields := CollectFields(oc, sel, []string{"Person"})
	if describe(fields) != `name pets[defer:a,b nd=false]{2} animals[defer:a nd=false]{1} friends[defer:b nd=false]{1}` {
		t.Fatalf("unexpected fields %s", describe(fields))
	}
	oc.RecoverFunc = DefaultRecover
	ctx := WithFieldContext(newResponseCtx(t), &FieldContext{Field: named("me")})

	out := NewFieldSet(fields)
	dg := NewDeferredGroup(ctx)
	if dg.Path != nil || dg.FieldSet != nil || dg.Defers != nil || dg.Context != ctx {
		t.Fatalf("NewDeferredGroup filled in %+v", dg)
	}
	for i, f := range fields {
		out.ResolveFieldConcurrently(oc, &dg, i, testFlags(false, true, f.Name == "animals"), func(context.Context) Marshaler {
			if f.Name == "animals" {
				return Null
			}
			return MarshalString(f.Name)
		})
	}
	if got := dg.Path.String(); got != "me" {
		t.Errorf("group path %q", got)
	}
	if len(dg.Defers) != 2 || len(dg.FieldSet.Values) != 3 {
		t.Fatalf("group has %d labels and %d fields", len(dg.Defers), len(dg.FieldSet.Values))
	}
	out.Dispatch(ctx)
	if got := written(out); got != `{"name":"name","pets":null,"animals":null,"friends":null}` {
		t.Errorf("initial payload %s", got)
	}
	if out.Invalids != 0 {
		t.Errorf("deferred fields counted against the object: %d", out.Invalids)
	}

	results := make(chan DeferredResult, 2)
	ec := NewExecutionContextState[struct{}, struct{}, struct{}](oc, nil, nil, results)
	ec.ProcessDeferredGroup(dg)
	if ec.PendingDeferred != 2 {
		t.Errorf("PendingDeferred = %d", ec.PendingDeferred)
	}
	got := map[string]string{}
	for range 2 {
		r := <-results
		if r.Path.String() != "me" {
			t.Errorf("payload %s has path %s", r.Label, r.Path)
		}
		got[r.Label] = written(r.Result)
	}
	// "a" has the non-null animals field, which resolved to null; "pets" is
	// shared and delivered by whichever label is written first.
	if got["a"] != "null" || got["b"] != `{"pets":"pets","friends":"friends"}` {
		t.Errorf("payloads %v", got)
	}
}

func TestProcessDeferredGroupPartitionsErrors(t *testing.T) {
	oc := &OperationContext{RecoverFunc: DefaultRecover}
	ctx := WithFieldContext(newResponseCtx(t), &FieldContext{Field: named("obj")})
	deferred := func(label string) CollectedField {
		f := named(label + "_field")
		f.Deferrables = []*Deferrable{{Label: label}}
		return f
	}
	fields := []CollectedField{deferred("x"), deferred("y")}
	out := NewFieldSet(fields)
	dg := NewDeferredGroup(ctx)
	release := make(chan struct{})
	for i, f := range fields {
		out.ResolveFieldConcurrently(oc, &dg, i, FieldRecoverPanics, func(ctx context.Context) Marshaler {
			if f.Alias == "y_field" {
				<-release // y completes after x
			}
			AddError(ctx, errors.New("failed "+f.Alias))
			return Null
		})
	}
	results := make(chan DeferredResult)
	ec := NewExecutionContextState[struct{}, struct{}, struct{}](oc, nil, nil, results)
	ec.ProcessDeferredGroup(dg)
	first := <-results
	close(release)
	second := <-results
	if first.Label != "x" || second.Label != "y" {
		t.Fatalf("labels %s then %s", first.Label, second.Label)
	}
	if got := errorMessages(first.Errors); !equalStrings(got, []string{"failed x_field"}) {
		t.Errorf("x errors %q", got)
	}
	if got := errorMessages(second.Errors); !equalStrings(got, []string{"failed y_field"}) {
		t.Errorf("y errors %q", got)
	}
	if GetErrors(ctx) != nil {
		t.Error("deferred errors leaked into the initial response")
	}
	// Nullable fields resolved to null do not null the payload.
	if written(first.Result) != `{"x_field":null}` {
		t.Errorf("x payload %s", written(first.Result))
	}
	// An empty group does nothing.
	ec.ProcessDeferredGroup(NewDeferredGroup(ctx))
	if ec.PendingDeferred != 2 {
		t.Errorf("PendingDeferred = %d", ec.PendingDeferred)
	}
}

func TestFieldSetViewsWithLegacyTasks(t *testing.T) {
	// Code generated before ResolveConcurrently schedules deferred fields
	// with Concurrently and counts Invalids itself; a view then follows the
	// set-wide count.
	fs := NewFieldSet(nil)
	fs.AddField(named("a"))
	fs.AddField(named("b"))
	ok, bad := fs.NewView(), fs.NewView()
	ok.AddIndices(0)
	bad.AddIndices(1)
	var completed []string
	var mu sync.Mutex
	for name, v := range map[string]*FieldSetView{"ok": ok, "bad": bad} {
		v.SetOnComplete(func(context.Context) {
			mu.Lock()
			completed = append(completed, name)
			mu.Unlock()
		})
	}
	fs.Concurrently(0, func(context.Context) Marshaler { return MarshalInt(1) })
	fs.Concurrently(1, func(context.Context) Marshaler {
		atomic.AddUint32(&fs.Invalids, 1)
		return Null
	})
	fs.Dispatch(t.Context())
	if len(completed) != 2 {
		t.Fatalf("completed %v", completed)
	}
	if !ok.payloadInvalid() || !bad.payloadInvalid() {
		t.Error("views of a caller-counted set ignore its Invalids")
	}
	if written(ok) != `{"a":1}` || written(ok) != `{}` {
		t.Error("a view's values are not taken when written")
	}
}

func errorMessages(list gqlerror.List) []string {
	var out []string
	for _, e := range list {
		out = append(out, e.Message)
	}
	return out
}

func equalStrings(a, b []string) bool { return slices.Equal(a, b) }

func TestWrappedContextMarshalerInObjects(t *testing.T) {
	ctx := fieldChain(newResponseCtx(t))
	failing := ContextWriterFunc(func(_ context.Context, w io.Writer) error {
		_, _ = io.WriteString(w, `"partial`)
		return errors.New("refused")
	})
	fs := NewFieldSet(fieldsNamed("ok", "inf", "custom", "bad"))
	fs.Values[0] = WrapContextMarshaler(ctx, MarshalFloatContext(2.5))
	fs.Values[1] = WrapContextMarshaler(ctx, MarshalFloatContext(math.Inf(-1)))
	fs.Values[2] = WrapContextMarshaler(ctx, ContextWriterFunc(func(_ context.Context, w io.Writer) error {
		_, _ = io.WriteString(w, `"c"`)
		return nil
	}))
	fs.Values[3] = WrapContextMarshaler(ctx, failing)
	// What is written before a failure stays, as upstream leaves it.
	want := `{"ok":2.5,"inf":null,"custom":"c","bad":"partialnull}`
	if got := string(AppendGQL(nil, fs)); got != want {
		t.Errorf("appended %s", got)
	}
	if got := written(fs); got != want {
		t.Errorf("wrote %s", got)
	}
	if got := errorMessages(GetErrors(ctx)); len(got) != 4 || got[0] != "cannot marshal infinite no NaN float values" || got[1] != "refused" {
		t.Errorf("errors %q", got)
	}
}

func TestCountInvalid(t *testing.T) {
	tests := []struct {
		name    string
		value   Marshaler
		nonNull bool
		want    uint32
	}{
		{"Null in a non-null field", Null, true, 1},
		{"Null in a nullable field", Null, false, 0},
		{"RequiredNull in a nullable field", RequiredNull, false, 1},
		{"RequiredNull in a non-null field", RequiredNull, true, 0},
		{"a value", MarshalString("x"), true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := NewFieldSet(fieldsNamed("a", "b"))
			out.Values[0], out.Values[1] = MarshalString("other"), tt.value
			out.CountInvalid(1, testFlags(false, false, tt.nonNull))
			if out.Invalids != tt.want {
				t.Errorf("Invalids %d, want %d", out.Invalids, tt.want)
			}
		})
	}
}

// Code generated by upstream gqlgen calls the boolean forms, recoverFromPanic
// before nonNull. Each combination must mean what it says: a recovered panic
// is an error and a null, a null non-null field counts against the parent.
func TestResolveConcurrentlyBooleanForms(t *testing.T) {
	for _, tc := range []struct {
		recoverFromPanic, nonNull bool
		wantInvalids              uint32
	}{
		{true, true, 1}, {true, false, 0}, {false, true, 1}, {false, false, 0},
	} {
		name := fmt.Sprintf("recover=%v,nonNull=%v", tc.recoverFromPanic, tc.nonNull)
		t.Run(name, func(t *testing.T) {
			oc := &OperationContext{
				RecoverFunc:            func(_ context.Context, v any) error { return fmt.Errorf("recovered %v", v) },
				RootResolverMiddleware: func(ctx context.Context, next RootResolver) Marshaler { return next(ctx) },
			}
			for _, root := range []bool{false, true} {
				ctx := newResponseCtx(t)
				fs := NewFieldSet(fieldsNamed("a"))
				resolve := func(context.Context) Marshaler {
					if tc.recoverFromPanic {
						panic("boom")
					}
					return Null
				}
				if root {
					fs.ResolveRootConcurrently(ctx, oc, 0, tc.recoverFromPanic, tc.nonNull, resolve)
				} else {
					fs.ResolveConcurrently(oc, nil, 0, tc.recoverFromPanic, tc.nonNull, resolve)
				}
				fs.Dispatch(ctx)
				if got := written(fs); got != `{"a":null}` {
					t.Errorf("root=%v: got %s", root, got)
				}
				if fs.Invalids != tc.wantInvalids {
					t.Errorf("root=%v: Invalids %d, want %d", root, fs.Invalids, tc.wantInvalids)
				}
				wantErrs := 0
				if tc.recoverFromPanic {
					wantErrs = 1
				}
				if n := len(GetErrors(ctx)); n != wantErrs {
					t.Errorf("root=%v: %d errors, want %d", root, n, wantErrs)
				}
			}
		})
	}
}
