// Package fedruntime holds what code generated for an Apollo Federation
// subgraph calls at run time: the _service and entity types, the checks that
// pick an entity resolver from a representation's key fields, and the
// plumbing that runs directives around entity resolvers.
package fedruntime

import (
	"errors"
	"fmt"
)

// Service is what the _service query returns: the subgraph's schema text.
type Service struct {
	SDL string `json:"sdl"`
}

// Entity is implemented by every type with a @key directive.
type Entity interface {
	IsEntity()
}

// Link stands for the value of the @link directive's import argument.
type Link any

// Sentinel errors of entity resolution; wrapped errors name the entity.
var (
	// ErrUnknownType: the representation's __typename is no entity of this subgraph.
	ErrUnknownType = errors.New("unknown type")
	// ErrTypeNotFound: no resolver of the entity accepts the representation.
	ErrTypeNotFound = errors.New("type not found")
)

// batchErrors has the method set of graphql.BatchErrors: a batch resolver's
// error that carries one error (or nil) per requested item.
type batchErrors interface {
	error
	Errors() []error
}

// SplitEntityBatchErrors sorts the error of a resolver that loads many
// entities at once. An error carrying per-item errors (graphql.BatchErrors,
// such as graphql.BatchErrorList) comes back as perIndex, one entry per
// entity, so the entities that did load still appear; any other error is
// fatal for the whole batch. nil gives (nil, nil).
func SplitEntityBatchErrors(err error) (perIndex []error, fatal error) {
	if err == nil {
		return nil, nil
	}
	var batch batchErrors
	if errors.As(err, &batch) {
		return batch.Errors(), nil
	}
	return nil, err
}

// KeyFieldCheck names one field of a @key, by its path from the
// representation's root: ["id"], or ["owner", "id"] for a nested key.
type KeyFieldCheck struct {
	FieldPath []string
}

// ResolverKeyCheck is one entity resolver and the key fields it needs.
type ResolverKeyCheck struct {
	// ResolverName is returned by ValidateEntityKeys when this check passes.
	ResolverName string
	// KeyFields must all be present in the representation, and not all null.
	KeyFields []KeyFieldCheck
}

// ValidateEntityKeys returns the name of the first resolver whose key fields
// the representation rep carries (all present, at least one not null). When
// none does, the error wraps ErrTypeNotFound and says why each was refused.
func ValidateEntityKeys(entityName string, rep map[string]any, resolverChecks []ResolverKeyCheck) (string, error) {
	if len(resolverChecks) == 0 {
		return "", fmt.Errorf("%w for %s: no resolvers defined", ErrTypeNotFound, entityName)
	}
	refusals := make([]error, 0, len(resolverChecks))
	for _, check := range resolverChecks {
		err := keysPresent(entityName, rep, check.KeyFields)
		if err == nil {
			return check.ResolverName, nil
		}
		refusals = append(refusals, err)
	}
	return "", fmt.Errorf("%w for %s due to %v", ErrTypeNotFound, entityName, errors.Join(refusals...))
}

// keysPresent reports why rep cannot serve the given key fields, or nil.
func keysPresent(entityName string, rep map[string]any, fields []KeyFieldCheck) error {
	someValue := false
	for _, f := range fields {
		v, err := lookupPath(rep, f.FieldPath)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrTypeNotFound, err)
		}
		someValue = someValue || v != nil
	}
	if !someValue {
		return fmt.Errorf("%w due to all null value KeyFields for %s", ErrTypeNotFound, entityName)
	}
	return nil
}

// lookupPath follows path through nested objects of rep.
func lookupPath(rep map[string]any, path []string) (any, error) {
	if len(path) == 0 {
		return nil, errors.New("empty field path")
	}
	obj := rep
	last := len(path) - 1
	for _, name := range path[:last] {
		v, ok := obj[name]
		if !ok {
			return nil, missingKey(name)
		}
		if obj, ok = v.(map[string]any); !ok {
			return nil, fmt.Errorf("nested Key Field %q value not matching map[string]any", name)
		}
	}
	v, ok := obj[path[last]]
	if !ok {
		return nil, missingKey(path[last])
	}
	return v, nil
}

func missingKey(name string) error {
	return fmt.Errorf("missing Key Field %q", name)
}
