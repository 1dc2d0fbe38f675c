package entities

import (
	"context"
	"errors"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/plugin/federation/fedruntime"
)

// The two methods the federation plugin generates, reduced to what the
// test needs.

func (ec *executionContext) __resolve__service(ctx context.Context) (fedruntime.Service, error) {
	if ec.DisableIntrospection {
		return fedruntime.Service{}, errors.New("federated introspection disabled")
	}
	var sdl []string
	for _, src := range sources {
		if !src.BuiltIn {
			sdl = append(sdl, src.Input)
		}
	}
	return fedruntime.Service{SDL: strings.Join(sdl, "\n")}, nil
}

func (ec *executionContext) __resolve_entities(ctx context.Context, representations []map[string]any) []fedruntime.Entity {
	list := make([]fedruntime.Entity, len(representations))
	for i, rep := range representations {
		id, _ := rep["id"].(string)
		if rep["__typename"] != "User" || id == "" {
			ec.Error(graphql.WithPathContext(ctx, graphql.NewPathWithIndex(i)), errors.New("bad representation"))
			continue
		}
		list[i] = &User{ID: id, Name: "user " + id}
	}
	return list
}
