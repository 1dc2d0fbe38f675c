package graphql

import (
	"context"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// DeferredGroup gathers the @defer'd fields of one object while the object
// is being resolved. Each label becomes a view of FieldSet, and
// ExecutionContextState.ProcessDeferredGroup later resolves them and sends
// one incremental payload per label.
//
// The group is filled lazily: NewDeferredGroup allocates nothing, and Path,
// FieldSet and Defers are only set once ResolveConcurrently meets a
// deferred field. An operation without @defer therefore pays nothing for
// them.
type DeferredGroup struct {
	// Path is the response path of the object, which the payloads report.
	Path ast.Path
	// FieldSet holds the deferred fields, in the order they were met.
	FieldSet *FieldSet
	// Defers maps each @defer label to its fields.
	Defers map[string]*FieldSetView
	// Context is the object's context: the payloads are resolved under it.
	Context context.Context
}

// NewDeferredGroup returns an empty group for the object being resolved at
// ctx. ctx must be the context the object's fields are resolved with.
func NewDeferredGroup(ctx context.Context) DeferredGroup {
	return DeferredGroup{Context: ctx}
}

// add schedules t, the resolution of the deferred field f, on the group's
// field set and files it under each of the field's labels.
func (g *DeferredGroup) add(f *CollectedField, t fieldTask) {
	if g.FieldSet == nil {
		g.FieldSet = NewFieldSet(nil)
	}
	if g.Defers == nil {
		g.Defers = make(map[string]*FieldSetView, len(f.Deferrables))
	}
	if g.Path == nil && g.Context != nil {
		g.Path = GetPath(g.Context)
	}
	set := g.FieldSet
	set.AddField(*f)
	t.index = len(set.Values) - 1
	set.schedule(t)
	for _, d := range f.Deferrables {
		view := g.Defers[d.Label]
		if view == nil {
			view = set.NewView()
			g.Defers[d.Label] = view
		}
		view.AddIndices(t.index)
	}
}

// DeferredResult is one incremental payload: the fields of one @defer label
// of one object, or Null when one of them nulled the payload.
type DeferredResult struct {
	// Path is the response path of the object the fields belong to.
	Path ast.Path
	// Label is the @defer label.
	Label string
	// Result writes the payload's data.
	Result Marshaler
	// Errors are the errors raised while resolving the payload.
	Errors gqlerror.List
}

// invalidResult returns the result that makes the enclosing object null:
// Null for a field the schema declares non-null, RequiredNull (a field made
// non-null at run time) for the others.
func invalidResult(nonNull bool) Marshaler {
	if nonNull {
		return Null
	}
	return RequiredNull
}

// ResolveConcurrently schedules field i of m to be resolved by resolve when
// m is dispatched. With FieldRecoverPanics in flags a panic in resolve
// becomes an error on the field and a Null result. The result is counted in
// m.Invalids when it nulls the object: Null with FieldNonNull (the field's
// type is non-null), RequiredNull otherwise.
//
// A field selected only under @defer is scheduled on deferred instead, and
// filed under each of its labels; m keeps Null for it until the incremental
// payload delivers the value. Call it from the goroutine that owns m and
// deferred, before either is dispatched.
func (m *FieldSet) ResolveConcurrently(
	oc *OperationContext,
	deferred *DeferredGroup,
	i int,
	flags FieldFlags,
	resolve func(ctx context.Context) Marshaler,
) {
	t := fieldTask{index: i, resolve: resolve, invalid: invalidResult(flags.Has(FieldNonNull)), oc: oc, recover: flags.Has(FieldRecoverPanics)}
	if f := &m.fields[i]; deferred != nil && f.IsDeferred() {
		deferred.add(f, t)
		m.Values[i] = Null
		return
	}
	m.schedule(t)
}

// ResolveRootConcurrently schedules root field i of m (a Query or Mutation
// field) like ResolveConcurrently, running resolve through the operation's
// RootResolverMiddleware under ctx, the context carrying the field's
// RootFieldContext, rather than under the context Dispatch is given. The
// result counted is the one the middleware returns.
func (m *FieldSet) ResolveRootConcurrently(
	ctx context.Context,
	oc *OperationContext,
	i int,
	flags FieldFlags,
	resolve func(ctx context.Context) Marshaler,
) {
	m.schedule(fieldTask{
		index: i, resolve: resolve, invalid: invalidResult(flags.Has(FieldNonNull)),
		oc: oc, recover: flags.Has(FieldRecoverPanics), rootCtx: ctx,
	})
}
