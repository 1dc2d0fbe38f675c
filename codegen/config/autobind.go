package config

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/internal/generator/code"
)

// autobind binds schema types without a model to the first autobind package
// declaring a type of the same name (as written, or converted to a Go name),
// and expands models written as "pkgname.Type" to the autobind package with
// that name.
func (c *Config) autobind() error {
	if len(c.AutoBind) == 0 {
		return nil
	}
	pkgs, err := c.autobindPackages()
	if err != nil {
		return err
	}

	for _, name := range sortedKeys(c.Schema.Types) {
		if c.Models.UserDefined(name) || c.Models[name].ForceGenerate {
			continue
		}
		goName := templates.ToGo(name)
		for _, p := range pkgs {
			scope := p.Types.Scope()
			obj := scope.Lookup(name)
			if obj == nil {
				obj = scope.Lookup(goName)
			}
			if obj != nil {
				c.Models.Add(name, obj.Pkg().Path()+"."+obj.Name())
				break
			}
		}
	}

	for _, entry := range c.Models {
		if entry.ForceGenerate {
			continue
		}
		for i, m := range entry.Model {
			if obj := lookupShortModel(pkgs, m); obj != nil {
				entry.Model[i] = obj.Pkg().Path() + "." + obj.Name()
			}
		}
	}
	return nil
}

// autobindPackages returns the autobind packages in configuration order,
// failing on the first one that is not a package of any module.
func (c *Config) autobindPackages() ([]*packages.Package, error) {
	c.Packages.LoadAll(c.AutoBind...)
	pkgs := make([]*packages.Package, len(c.AutoBind))
	for i, path := range c.AutoBind {
		p := c.Packages.Load(path)
		if p == nil || p.Module == nil || p.Types == nil {
			return nil, fmt.Errorf("unable to load %s - make sure you're using an import path to a package that exists", path)
		}
		pkgs[i] = p
	}
	return pkgs, nil
}

// lookupShortModel resolves a model written with a package name instead of
// an import path ("model.User") against the autobind packages; nil when m is
// qualified by an import path or nothing matches.
func lookupShortModel(pkgs []*packages.Package, m string) types.Object {
	pkgName, typeName := code.PkgAndType(m)
	if pkgName == "" || strings.Contains(pkgName, "/") {
		return nil
	}
	for _, p := range pkgs {
		if p.Name != pkgName {
			continue
		}
		if obj := p.Types.Scope().Lookup(typeName); obj != nil {
			return obj
		}
	}
	return nil
}
