package apollofederatedtracingv1

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/apollofederatedtracingv1/generated"
	tracing_logger "github.com/99designs/gqlgen/graphql/handler/apollofederatedtracingv1/logger"
)

// TreeBuilder assembles the Trace of one operation. Fields resolve
// concurrently, so it is safe for concurrent use between StartTimer and
// StopTimer; Trace must not be read before StopTimer.
//
// The tree mirrors the response: the root node stands for the operation,
// a field's node sits below the node of its parent field, and a list
// element gets a node of its own, identified by index, between the list
// field and the fields selected on the element.
type TreeBuilder struct {
	// Trace is the trace being built, complete once StopTimer has run.
	Trace *generated.Trace

	mu sync.Mutex
	// nodes indexes the tree by response path as ast.Path.String() renders
	// it; "" is the root.
	nodes map[string]NodeMap

	start   time.Time
	started bool
	stopped bool

	// mask rewrites errors before they are recorded; nil records them as
	// they are. A nil result leaves the error out.
	mask   func(*gqlerror.Error) *gqlerror.Error
	logger tracing_logger.Logger
}

// NodeMap is an entry of a TreeBuilder's path index: a node and the node it
// hangs from.
type NodeMap struct {
	self   *generated.Trace_Node
	parent *generated.Trace_Node
}

// NewTreeBuilder returns a builder whose trace has only a root node. A nil
// errorOptions masks errors; a nil logger discards diagnostics. The options
// are read, never modified.
func NewTreeBuilder(errorOptions *ErrorOptions, logger tracing_logger.Logger) *TreeBuilder {
	if logger == nil {
		logger = tracing_logger.NewNoopLogger()
	}
	root := &generated.Trace_Node{}
	return &TreeBuilder{
		Trace:  &generated.Trace{Root: root},
		nodes:  map[string]NodeMap{"": {self: root}},
		mask:   errorRewriter(errorOptions),
		logger: logger,
	}
}

// errorRewriter turns the options into the function that rewrites each
// recorded error, nil meaning "keep it as it is".
func errorRewriter(o *ErrorOptions) func(*gqlerror.Error) *gqlerror.Error {
	switch {
	case o == nil:
		return maskError
	case o.ErrorOption == ERROR_UNMODIFIED:
		return nil
	case o.ErrorOption == ERROR_TRANSFORM && o.TransformFunction != nil:
		return o.TransformFunction
	default:
		return maskError
	}
}

// maskError hides everything about an error; the trace only shows that
// there was one.
func maskError(*gqlerror.Error) *gqlerror.Error {
	return &gqlerror.Error{Message: "<masked>"}
}

// StartTimer starts the trace at the start of the operation in ctx (or now,
// outside an operation).
func (tb *TreeBuilder) StartTimer(ctx context.Context) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.started {
		tb.logger.Println(errors.New("ftv1: StartTimer called twice"))
	}
	if tb.stopped {
		tb.logger.Println(errors.New("ftv1: StartTimer called after StopTimer"))
	}
	var start time.Time
	if graphql.HasOperationContext(ctx) {
		start = graphql.GetOperationContext(ctx).Stats.OperationStart
	} else {
		start = graphql.Now()
	}
	tb.start, tb.started = start, true
	tb.Trace.StartTime = timestamppb.New(start)
}

// StopTimer ends the trace now, setting its end time and duration.
func (tb *TreeBuilder) StopTimer(context.Context) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	end := graphql.Now()
	if !tb.started {
		tb.logger.Println(errors.New("ftv1: StopTimer called before StartTimer"))
		tb.start = end
	}
	if tb.stopped {
		tb.logger.Println(errors.New("ftv1: StopTimer called twice"))
	}
	// From the wall-clock readings, so that the duration agrees with the
	// start and end timestamps the trace reports.
	tb.Trace.DurationNs = nanosBetween(tb.start.Round(0), end.Round(0))
	tb.Trace.EndTime = timestamppb.New(end)
	tb.stopped = true
}

// nanosBetween is the time from a to b in nanoseconds, never negative.
func nanosBetween(a, b time.Time) uint64 {
	return uint64(max(b.Sub(a), 0))
}

// WillResolveField adds the node of the field in ctx, with its type and
// start time, and returns the function to call once the field has
// resolved, which records the end time. It returns nil, and records
// nothing, outside the timer's running time or outside a field.
func (tb *TreeBuilder) WillResolveField(ctx context.Context) func() {
	fc := graphql.GetFieldContext(ctx)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch {
	case !tb.started:
		tb.logger.Println(errors.New("ftv1: WillResolveField called before StartTimer"))
		return nil
	case tb.stopped:
		tb.logger.Println(errors.New("ftv1: WillResolveField called after StopTimer"))
		return nil
	case fc == nil:
		tb.logger.Println(errors.New("ftv1: WillResolveField called outside a field"))
		return nil
	}

	node := tb.addLocked(fc)
	node.ParentType = fc.Object
	if def := fc.Field.Definition; def != nil && def.Type != nil {
		node.Type = def.Type.String()
	}
	node.StartTime = nanosBetween(tb.start, graphql.Now())
	return func() { tb.finish(node) }
}

// finish records that the field of node has resolved. A field that outlives
// the trace (one resolved for a later, deferred payload) keeps no end time.
func (tb *TreeBuilder) finish(node *generated.Trace_Node) {
	end := graphql.Now()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if !tb.stopped {
		node.EndTime = nanosBetween(tb.start, end)
	}
}

// encode returns the trace in protobuf wire format.
func (tb *TreeBuilder) encode() ([]byte, error) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return proto.Marshal(tb.Trace)
}

// addLocked creates the node of fc and hangs it from its parent's. A field
// context without a path element of its own stands for the root.
func (tb *TreeBuilder) addLocked(fc *graphql.FieldContext) *generated.Trace_Node {
	key := fc.Path().String()
	if key == "" {
		return tb.Trace.Root
	}
	parent := tb.ensureLocked(fc.Parent)
	node := &generated.Trace_Node{}
	if fc.Index != nil {
		node.Id = &generated.Trace_Node_Index{Index: uint32(*fc.Index)}
	} else {
		node.Id = &generated.Trace_Node_ResponseName{ResponseName: fc.Field.Name}
	}
	parent.Child = append(parent.Child, node)
	tb.nodes[key] = NodeMap{self: node, parent: parent}
	return node
}

// ensureLocked returns the node of fc, creating it and its missing
// ancestors. Field middleware never runs for list elements, so their nodes
// are made here, when the first field below them resolves.
func (tb *TreeBuilder) ensureLocked(fc *graphql.FieldContext) *generated.Trace_Node {
	if entry, ok := tb.nodes[fc.Path().String()]; ok {
		return entry.self
	}
	return tb.addLocked(fc)
}

// DidEncounterErrors records errors at the nodes of their paths, rewritten
// as the ErrorOptions say. An error whose path has no node (one raised
// outside any field, or on a list element below which nothing resolved) is
// recorded at the root.
func (tb *TreeBuilder) DidEncounterErrors(ctx context.Context, gqlErrors gqlerror.List) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch {
	case !tb.started:
		tb.logger.Println(errors.New("ftv1: DidEncounterErrors called before StartTimer"))
		return
	case tb.stopped:
		tb.logger.Println(errors.New("ftv1: DidEncounterErrors called after StopTimer"))
		return
	}
	for _, e := range gqlErrors {
		if e != nil {
			tb.addErrorLocked(e)
		}
	}
}

func (tb *TreeBuilder) addErrorLocked(e *gqlerror.Error) {
	node := tb.Trace.Root
	if entry, ok := tb.nodes[e.Path.String()]; ok {
		node = entry.self
	} else {
		tb.logger.Printf("ftv1: no traced field at error path %q; recording the error at the root", e.Path.String())
	}
	if tb.mask != nil {
		if e = tb.mask(e); e == nil {
			return
		}
	}
	asJSON, err := codec.Marshal(e)
	if err != nil {
		tb.logger.Printf("ftv1: encoding error: %v", err)
		return
	}
	rec := &generated.Trace_Error{Message: e.Message, Json: string(asJSON)}
	for _, loc := range e.Locations {
		rec.Location = append(rec.Location, &generated.Trace_Location{Line: uint32(loc.Line), Column: uint32(loc.Column)})
	}
	node.Error = append(node.Error, rec)
}
