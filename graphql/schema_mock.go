package graphql

import (
	"context"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
)

var _ ExecutableSchema = (*ExecutableSchemaMock)(nil)

// ExecutableSchemaMock is an ExecutableSchema for tests: each method calls
// the function field of the same name (and panics if it is nil) and
// records its arguments, which the …Calls methods return.
//
//	es := &graphql.ExecutableSchemaMock{
//		SchemaFunc: func() *ast.Schema { return schema },
//		ExecFunc:   func(ctx context.Context) graphql.ResponseHandler { ... },
//	}
//	...
//	if len(es.ExecCalls()) != 1 { ... }
type ExecutableSchemaMock struct {
	// ComplexityFunc implements Complexity.
	ComplexityFunc func(ctx context.Context, typeName string, fieldName string, childComplexity int, args map[string]any) (int, bool)
	// ExecFunc implements Exec.
	ExecFunc func(ctx context.Context) ResponseHandler
	// SchemaFunc implements Schema.
	SchemaFunc func() *ast.Schema

	mu              sync.RWMutex
	complexityCalls []complexityCall
	execCalls       []execCall
	schemaCalls     []schemaCall
}

// The records of calls. They are aliases of unnamed struct types, which is
// what the …Calls methods are declared to return.
type (
	complexityCall = struct {
		Ctx             context.Context
		TypeName        string
		FieldName       string
		ChildComplexity int
		Args            map[string]any
	}
	execCall   = struct{ Ctx context.Context }
	schemaCall = struct{}
)

// Complexity records the call and returns ComplexityFunc's result.
func (mock *ExecutableSchemaMock) Complexity(ctx context.Context, typeName string, fieldName string, childComplexity int, args map[string]any) (int, bool) {
	if mock.ComplexityFunc == nil {
		panic("ExecutableSchemaMock.ComplexityFunc: method is nil but ExecutableSchema.Complexity was just called")
	}
	mock.mu.Lock()
	mock.complexityCalls = append(mock.complexityCalls, complexityCall{ctx, typeName, fieldName, childComplexity, args})
	mock.mu.Unlock()
	return mock.ComplexityFunc(ctx, typeName, fieldName, childComplexity, args)
}

// ComplexityCalls returns the arguments of every Complexity call so far.
func (mock *ExecutableSchemaMock) ComplexityCalls() []complexityCall {
	mock.mu.RLock()
	defer mock.mu.RUnlock()
	return mock.complexityCalls
}

// Exec records the call and returns ExecFunc's result.
func (mock *ExecutableSchemaMock) Exec(ctx context.Context) ResponseHandler {
	if mock.ExecFunc == nil {
		panic("ExecutableSchemaMock.ExecFunc: method is nil but ExecutableSchema.Exec was just called")
	}
	mock.mu.Lock()
	mock.execCalls = append(mock.execCalls, execCall{ctx})
	mock.mu.Unlock()
	return mock.ExecFunc(ctx)
}

// ExecCalls returns the arguments of every Exec call so far.
func (mock *ExecutableSchemaMock) ExecCalls() []execCall {
	mock.mu.RLock()
	defer mock.mu.RUnlock()
	return mock.execCalls
}

// Schema records the call and returns SchemaFunc's result.
func (mock *ExecutableSchemaMock) Schema() *ast.Schema {
	if mock.SchemaFunc == nil {
		panic("ExecutableSchemaMock.SchemaFunc: method is nil but ExecutableSchema.Schema was just called")
	}
	mock.mu.Lock()
	mock.schemaCalls = append(mock.schemaCalls, schemaCall{})
	mock.mu.Unlock()
	return mock.SchemaFunc()
}

// SchemaCalls returns a record for every Schema call so far.
func (mock *ExecutableSchemaMock) SchemaCalls() []schemaCall {
	mock.mu.RLock()
	defer mock.mu.RUnlock()
	return mock.schemaCalls
}
