package config

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// templatePackageNames are imported by the generator's own templates. Their
// names are resolved in one batch when the package cache is created, instead
// of one lookup per generated file.
var templatePackageNames = []string{
	"bytes", "context", "embed", "errors", "fmt", "io", "strconv", "strings",
	"sync", "sync/atomic", "time",
	"golang.org/x/sync/semaphore",
	"github.com/vektah/gqlparser/v2",
	"github.com/vektah/gqlparser/v2/ast",
	runtimePkg,
	introspectionPkg,
}

func (c *Config) newPackages() *code.Packages {
	return code.NewPackages(
		code.WithBuildTags(c.GoBuildTags...),
		code.PackagePrefixToCache(runtimePkg),
		code.WithPreloadNames(templatePackageNames...),
	)
}

// LoadSchema validates the output sections and parses Sources into Schema.
// A schema without a query type gets an empty Query carrying only the
// introspection fields. If a package cache exists, the user's packages in it
// are dropped, so that bindings see Go code written since it was filled.
func (c *Config) LoadSchema() error {
	if c.Packages != nil {
		c.Packages.CleanupUserPackages()
	}
	if err := c.check(); err != nil {
		return err
	}
	parsed, err := gqlparser.LoadSchema(c.Sources...)
	if err == nil {
		ensureQueryType(parsed)
		c.Schema = parsed
	}
	return err
}

// ensureQueryType gives a schema without a query type an empty one. The
// parser adds the introspection fields (__schema, __type) only to a query
// type it found, so they are added here.
func ensureQueryType(s *ast.Schema) {
	if s.Query != nil {
		return
	}
	q := &ast.Definition{Kind: ast.Object, Name: "Query"}
	q.Fields = validator.QueryIntrospectionFields()
	s.Query = q
	s.Types[q.Name] = q
}

// Init makes the Config ready for binding: it creates the package cache and
// loads the schema if that has not happened yet, folds the schema's @go*
// directives into Models, applies resolver.batch, loads every Go package the
// configuration refers to (in one go/packages call), autobinds, adds the
// builtin bindings and validates the result.
func (c *Config) Init() error {
	if c.Packages == nil {
		c.Packages = c.newPackages()
	}
	if c.Schema == nil {
		if err := c.LoadSchema(); err != nil {
			return err
		}
	}
	if c.Models == nil {
		c.Models = TypeMap{}
	}
	if c.Directives == nil {
		c.Directives = map[string]DirectiveConfig{}
	}
	if err := c.injectTypesFromSchema(); err != nil {
		return err
	}
	c.applyGlobalBatchResolverDefaults()

	c.Packages.LoadAll(c.packageList()...)
	if err := c.autobind(); err != nil {
		return err
	}
	c.injectBuiltins()
	return c.check()
}

// ReloadAllPackages drops the user's packages from the cache and loads the
// configuration's packages again, in one call. Plugins call it after writing
// Go code that bindings must see.
func (c *Config) ReloadAllPackages() {
	c.Packages.ReloadAll(c.packageList()...)
}

// packageList is every Go package the configuration can make the binder look
// at: the runtime, the autobind packages, and the packages of models, field
// type overrides, extra fields and enum value bindings. Loading them together
// is what keeps binding to one go/packages call.
func (c *Config) packageList() []string {
	list := []string{runtimePkg, introspectionPkg}
	seen := map[string]bool{runtimePkg: true, introspectionPkg: true}
	add := func(pkg string) {
		if pkg != "" && !seen[pkg] {
			seen[pkg] = true
			list = append(list, pkg)
		}
	}
	for _, pkg := range c.Models.ReferencedPackages() {
		add(pkg)
	}
	for _, pkg := range c.AutoBind {
		add(pkg)
	}
	for _, name := range sortedKeys(c.Models) {
		entry := c.Models[name]
		for _, f := range entry.Fields {
			add(typeSpecPackage(f.Type))
		}
		for _, f := range entry.ExtraFields {
			add(typeSpecPackage(f.Type))
		}
		for _, f := range entry.EmbedExtraFields {
			add(typeSpecPackage(f.Type))
		}
		for _, v := range entry.EnumValues {
			add(typeSpecPackage(v.Value))
		}
	}
	return list
}

// typeSpecPackage is the import path in a type written as in
// TypeMapField.Type ("*[]github.com/org/pkg.Type" → "github.com/org/pkg"),
// "" for builtin types.
func typeSpecPackage(spec string) string {
	spec = strings.TrimLeft(spec, "*[]")
	if builtinModelType(spec) != nil {
		return ""
	}
	pkg, _ := code.PkgAndType(spec)
	if pkg == "" {
		return ""
	}
	return code.QualifyPackagePath(pkg)
}

// check validates the output sections and completes them (see their Check
// methods), then makes sure that sections writing into the same package agree
// on its name and that federation writes into the exec package.
func (c *Config) check() error {
	if c.Models == nil {
		c.Models = TypeMap{}
	}
	if err := c.Models.Check(); err != nil {
		return fmt.Errorf("config.models: %w", err)
	}

	type output struct{ section, importPath, pkg string }
	var outputs []output

	if err := c.Exec.Check(); err != nil {
		return fmt.Errorf("config.exec: %w", err)
	}
	outputs = append(outputs, output{"exec", c.Exec.ImportPath(), c.Exec.Package})

	optional := []struct {
		section string
		defined bool
		check   func() error
		out     func() output
	}{
		{"model", c.Model.IsDefined(), c.Model.Check, func() output { return output{"model", c.Model.ImportPath(), c.Model.Package} }},
		{"resolver", c.Resolver.IsDefined(), c.Resolver.Check, func() output { return output{"resolver", c.Resolver.ImportPath(), c.Resolver.Package} }},
		{"federation", c.Federation.IsDefined(), c.Federation.Check, func() output {
			return output{"federation", c.Federation.ImportPath(), c.Federation.Package}
		}},
	}
	for _, o := range optional {
		if !o.defined {
			continue
		}
		if err := o.check(); err != nil {
			return fmt.Errorf("config.%s: %w", o.section, err)
		}
		outputs = append(outputs, o.out())
	}
	if c.Federation.IsDefined() && c.Federation.ImportPath() != c.Exec.ImportPath() {
		return errors.New("federation and exec must be in the same package")
	}

	// Within one import path, report the first section against the first
	// one that disagrees with it.
	var paths []string
	for _, o := range outputs {
		if !slices.Contains(paths, o.importPath) {
			paths = append(paths, o.importPath)
		}
	}
	for _, path := range paths {
		var first *output
		for i := range outputs {
			o := &outputs[i]
			if o.importPath != path {
				continue
			}
			if first == nil {
				first = o
				continue
			}
			if o.pkg != first.pkg {
				return fmt.Errorf("%s and %s define the same import path (%s) with different package names (%s vs %s)",
					first.section, o.section, path, first.pkg, o.pkg)
			}
		}
	}
	return nil
}
