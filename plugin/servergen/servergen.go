// Package servergen is the plugin `gqlgen init` uses to write a runnable
// server.go: the executable schema behind an HTTP handler with the usual
// transports, caches and a GraphQL playground. The file is the user's: it
// is written only when it does not exist.
package servergen

import (
	_ "embed"
	"errors"
	"log"
	"os"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/plugin"
)

//go:embed server.gotpl
var serverGoTemplate string

// Plugin writes the server main file.
type Plugin struct {
	filename string
}

// New returns the plugin writing the server to filename (a package main
// file, usually server.go).
func New(filename string) plugin.Plugin { return &Plugin{filename: filename} }

var _ plugin.CodeGenerator = (*Plugin)(nil)

// Name identifies the plugin: "servergen".
func (m *Plugin) Name() string { return "servergen" }

// ServerBuild is the server template's data: the import paths of the
// executable schema and of the resolvers. The embedded Data is left empty;
// it is there for templates written against older versions.
type ServerBuild struct {
	codegen.Data

	ExecPackageName     string
	ResolverPackageName string
}

// GenerateCode writes the server file unless it exists already, in which
// case it only logs that it left it alone.
func (m *Plugin) GenerateCode(data *codegen.Data) error {
	if _, err := os.Stat(m.filename); !errors.Is(err, os.ErrNotExist) {
		log.Printf("Skipped server: %s already exists\n", m.filename)
		return nil
	}
	return templates.Render(templates.Options{
		PackageName: "main",
		Filename:    m.filename,
		Data: &ServerBuild{
			ExecPackageName:     data.Config.Exec.ImportPath(),
			ResolverPackageName: data.Config.Resolver.ImportPath(),
		},
		Packages:     data.Config.Packages,
		Template:     serverGoTemplate,
		PruneOptions: data.Config.GetPruneOptions(),
	})
}
