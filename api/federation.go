package api

import (
	"regexp"
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/plugin"
	"github.com/99designs/gqlgen/plugin/federation"
)

// newFederationPlugin builds the Apollo Federation plugin when gqlgen.yml
// has a federation section. It is a variable so tests can replace it.
var newFederationPlugin = func(version int, cfg *config.Config) (plugin.Plugin, error) {
	return federation.New(version, cfg)
}

// linkURL finds the url argument of an @link directive.
var linkURL = regexp.MustCompile(`@link\s*\((?s:[^)]*?)\burl\s*:\s*"([^"]*)"`)

// linkVersion reads the major version at the end of a spec URL such as
// https://specs.apollo.dev/federation/v2.7.
var linkVersion = regexp.MustCompile(`/v(\d+)\.\d+$`)

// federationVersion is the federation version the schema sources ask for:
// 2 when one of them links a v2 federation spec with @link, else 1.
func federationVersion(sources []*ast.Source) int {
	for _, src := range sources {
		for _, m := range linkURL.FindAllStringSubmatch(src.Input, -1) {
			if v := linkVersion.FindStringSubmatch(m[1]); v != nil {
				if major, _ := strconv.Atoi(v[1]); major == 2 {
					return 2
				}
			}
		}
	}
	return 1
}
