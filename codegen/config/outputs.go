package config

import (
	"cmp"
	"errors"
	"fmt"
	"go/types"
	"path/filepath"
	"strings"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// The three output sections (model/federation, exec, resolver) share their
// Check logic: a layout-dependent location made absolute, a package name that
// must be a bare name and defaults to the one the directory declares.

var errPackageIsPath = errors.New("package should be the output package name only, do not include the output filename")

// PackageConfig is a generated file and its package: the model and federation
// sections.
type PackageConfig struct {
	// Filename is the Go file to write; its directory is the package.
	Filename string `yaml:"filename,omitempty"`
	// Package is the package name; default: the name the directory's Go
	// files declare, else the directory's name.
	Package string `yaml:"package,omitempty"`
	// ModelTemplate replaces modelgen's template with this file.
	ModelTemplate string `yaml:"model_template,omitempty"`
	// Version is the federation version (1 or 2); 0 lets the generator pick
	// it from the schema's @link.
	Version int `yaml:"version,omitempty"`
	// Options are federation switches by name (explicit_requires,
	// computed_requires, entity_resolver_multi, ...).
	Options map[string]bool `yaml:"options,omitempty"`
	// RepresentationNames renames the representation input of entities,
	// keyed by type name, in place of <Type>Representation (federation with
	// entity_resolver_per_entity only).
	RepresentationNames map[string]string `yaml:"representation_names,omitempty"`
}

// IsDefined reports whether the section names a file.
func (c *PackageConfig) IsDefined() bool { return c.Filename != "" }

// Dir is the package directory; "" when the section is not defined.
func (c *PackageConfig) Dir() string {
	if !c.IsDefined() {
		return ""
	}
	return filepath.Dir(c.Filename)
}

// ImportPath is the import path of Dir; "" when the section is not defined.
func (c *PackageConfig) ImportPath() string {
	if !c.IsDefined() {
		return ""
	}
	return code.ImportPathForDir(c.Dir())
}

// Pkg is the output package as a types.Package; nil when the section is not
// defined.
func (c *PackageConfig) Pkg() *types.Package {
	if !c.IsDefined() {
		return nil
	}
	return types.NewPackage(c.ImportPath(), c.Package)
}

// Check validates the section and completes it: Filename becomes absolute and
// an empty Package gets its default.
func (c *PackageConfig) Check() error {
	if isPathLike(c.Package) {
		return errPackageIsPath
	}
	var err error
	c.Filename, err = goFileTarget(c.Filename, "filename must be specified", "filename should be path to a go source file")
	if err != nil {
		return err
	}
	c.Package = packageOr(c.Package, c.Dir())
	return nil
}

// ExecLayout says how the executable schema is split into files.
type ExecLayout string

var (
	// ExecLayoutSingleFile writes the executable schema to one file.
	ExecLayoutSingleFile ExecLayout = "single-file"
	// ExecLayoutFollowSchema writes one file per schema file into a
	// directory.
	ExecLayoutFollowSchema ExecLayout = "follow-schema"
)

// ExecConfig is the exec section: where the executable schema goes.
type ExecConfig struct {
	// Layout is single-file (the default) or follow-schema.
	Layout ExecLayout `yaml:"layout,omitempty"`
	// Filename is the output file of the single-file layout.
	Filename string `yaml:"filename,omitempty"`
	// DirName is the output directory of the follow-schema layout.
	DirName string `yaml:"dir"`
	// FilenameTemplate names the files of the follow-schema layout, with
	// {name} standing for the schema file's base name.
	FilenameTemplate string `yaml:"filename_template,omitempty"`
	// Package is the package name; default as for PackageConfig.
	Package string `yaml:"package,omitempty"`
	// WorkerLimit caps the goroutines resolving the elements of one list
	// concurrently, trading latency for memory; 0 means no cap.
	WorkerLimit uint `yaml:"worker_limit"`
}

// IsDefined reports whether the section names a file or a directory.
func (r *ExecConfig) IsDefined() bool { return r.Filename != "" || r.DirName != "" }

// Dir is the output package directory: the directory of Filename for the
// single-file layout (an unset layout counts as single-file), DirName made
// absolute for follow-schema, "" when unknown.
func (r *ExecConfig) Dir() string {
	switch r.Layout {
	case ExecLayoutSingleFile, "":
		if r.Filename == "" {
			return ""
		}
		return filepath.Dir(r.Filename)
	case ExecLayoutFollowSchema:
		return absSlash(r.DirName)
	}
	return ""
}

// ImportPath is the import path of Dir, "" when Dir is.
func (r *ExecConfig) ImportPath() string { return importPathOf(r.Dir()) }

// Pkg is the output package, nil when Dir is "".
func (r *ExecConfig) Pkg() *types.Package { return packageOf(r.Dir(), r.ImportPath(), r.Package) }

// Check validates the section and completes it: the layout defaults to
// single-file, the location becomes absolute and Package gets its default.
func (r *ExecConfig) Check() error {
	r.Layout = cmp.Or(r.Layout, ExecLayoutSingleFile)
	var err error
	switch r.Layout {
	case ExecLayoutSingleFile:
		r.Filename, err = goFileTarget(r.Filename,
			"filename must be specified when using single-file layout",
			"filename should be path to a go source file when using single-file layout")
	case ExecLayoutFollowSchema:
		if r.DirName == "" {
			return errors.New("dir must be specified when using follow-schema layout")
		}
		r.DirName = absSlash(r.DirName)
	default:
		return fmt.Errorf("invalid layout %s", r.Layout)
	}
	if err != nil {
		return err
	}
	if isPathLike(r.Package) {
		return errPackageIsPath
	}
	r.Package = packageOr(r.Package, r.Dir())
	return nil
}

// ResolverLayout says how resolver stubs are split into files.
type ResolverLayout string

var (
	// LayoutSingleFile writes every resolver, and the root Resolver type,
	// to one file.
	LayoutSingleFile ResolverLayout = "single-file"
	// LayoutFollowSchema writes one resolvers file per schema file, and the
	// root Resolver type to its own file (written once, then left alone).
	LayoutFollowSchema ResolverLayout = "follow-schema"
)

// ResolverConfig is the resolver section: where resolver stubs go and how
// they look.
type ResolverConfig struct {
	// Layout is single-file (the default) or follow-schema.
	Layout ResolverLayout `yaml:"layout,omitempty"`
	// Filename is the output file of the single-file layout, or the file of
	// the root Resolver type with follow-schema (default DirName/resolver.go).
	Filename string `yaml:"filename,omitempty"`
	// DirName is the output directory of the follow-schema layout.
	DirName string `yaml:"dir"`
	// FilenameTemplate names the follow-schema files, {name} standing for
	// the schema file's base name; default "{name}.resolvers.go".
	FilenameTemplate string `yaml:"filename_template,omitempty"`
	// Package is the package name; default as for PackageConfig.
	Package string `yaml:"package,omitempty"`
	// Type is the root resolver type's name; default "Resolver".
	Type string `yaml:"type,omitempty"`
	// ResolverTemplate replaces resolvergen's template with this file.
	ResolverTemplate string `yaml:"resolver_template,omitempty"`
	// OmitTemplateComment drops the comment explaining that the file is
	// regenerated.
	OmitTemplateComment bool `yaml:"omit_template_comment,omitempty"`
	// PreserveResolver leaves existing resolver files untouched.
	PreserveResolver bool `yaml:"preserve_resolver,omitempty"`
	// OmitResolverEmbedding gives the per-object resolver types a field r
	// holding the root resolver instead of embedding it, which compiles
	// faster on big schemas. Existing resolver bodies must then write
	// r.r.dep instead of r.dep.
	OmitResolverEmbedding bool `yaml:"omit_resolver_embedding,omitempty"`
	// DefinedResolverTypes declares each per-object resolver type as a type
	// defined by the root resolver type ("type queryResolver Resolver"),
	// returned by a conversion ("(*queryResolver)(r)"), instead of a struct
	// embedding a pointer to it. The root's fields stay reachable as r.dep,
	// but its methods are not promoted: with N resolver types the compiler
	// no longer writes N wrappers for every method of the root. Not
	// together with OmitResolverEmbedding.
	DefinedResolverTypes bool `yaml:"defined_resolver_types,omitempty"`
	// Batch turns on batch resolvers for every eligible resolver field.
	// Key: batch, written as a bool or as {enabled: bool}.
	Batch ResolverBatchConfig `yaml:"batch,omitempty"`
}

// ResolverBatchConfig is the resolver.batch switch. When enabled, resolver
// fields without their own batch setting get batch resolvers, except on types
// where batching means nothing (see Config.BatchResolverUnsupportedReason).
// It never turns a field bound to a struct field into a resolver, and
// @goField(batch: false) opts a field out.
type ResolverBatchConfig struct {
	Enabled bool
}

// UnmarshalYAML accepts either a bool or a mapping with an enabled key.
func (b *ResolverBatchConfig) UnmarshalYAML(unmarshal func(any) error) error {
	if unmarshal(&b.Enabled) == nil {
		return nil
	}
	var mapping batchMapping
	err := unmarshal(&mapping)
	b.Enabled = err == nil && mapping.Enabled
	return err
}

// batchMapping is the long form of resolver.batch.
type batchMapping struct {
	Enabled bool `yaml:"enabled"`
}

// IsDefined reports whether the section names a file or a directory.
func (r *ResolverConfig) IsDefined() bool { return r.Filename != "" || r.DirName != "" }

// Dir is the output package directory: the directory of Filename for the
// single-file layout (an unset layout counts as single-file), DirName as
// given for follow-schema, "" when unknown.
func (r *ResolverConfig) Dir() string {
	switch r.Layout {
	case LayoutSingleFile, "":
		if r.Filename == "" {
			return ""
		}
		return filepath.Dir(r.Filename)
	case LayoutFollowSchema:
		return r.DirName
	}
	return ""
}

// ImportPath is the import path of Dir, "" when Dir is.
func (r *ResolverConfig) ImportPath() string { return importPathOf(r.Dir()) }

// Pkg is the output package, nil when Dir is "".
func (r *ResolverConfig) Pkg() *types.Package {
	return packageOf(r.Dir(), r.ImportPath(), r.Package)
}

// Check validates the section and completes it: layout single-file and type
// Resolver by default, locations made absolute, Package defaulted.
func (r *ResolverConfig) Check() error {
	r.Layout = cmp.Or(r.Layout, LayoutSingleFile)
	r.Type = cmp.Or(r.Type, "Resolver")
	var err error
	switch suffix := " with layout=" + string(r.Layout); r.Layout {
	case LayoutSingleFile:
		r.Filename, err = goFileTarget(r.Filename,
			"filename must be specified"+suffix,
			"filename should be path to a go source file"+suffix)
	case LayoutFollowSchema:
		if r.DirName == "" {
			return errors.New("dirname must be specified" + suffix)
		}
		r.DirName = absSlash(r.DirName)
		r.Filename = absSlash(cmp.Or(r.Filename, filepath.Join(r.DirName, "resolver.go")))
	default:
		return fmt.Errorf("invalid layout %s. must be %s or %s", r.Layout, LayoutSingleFile, LayoutFollowSchema)
	}
	if err != nil {
		return err
	}
	if isPathLike(r.Package) {
		return errPackageIsPath
	}
	if r.DefinedResolverTypes && r.OmitResolverEmbedding {
		return errors.New("resolver: defined_resolver_types and omit_resolver_embedding cannot both be set")
	}
	r.Package = packageOr(r.Package, r.Dir())
	return nil
}

func isPathLike(pkg string) bool { return strings.ContainsAny(pkg, `./\`) }

// goFileTarget validates the output file of a single-file section and makes
// it absolute; missing and notGo are the errors for an empty name and a name
// without the .go extension.
func goFileTarget(name, missing, notGo string) (string, error) {
	switch {
	case name == "":
		return name, errors.New(missing)
	case !strings.HasSuffix(name, ".go"):
		return name, errors.New(notGo)
	}
	return absSlash(name), nil
}

// packageOr returns pkg, or when it is empty the name of the package in dir.
func packageOr(pkg, dir string) string {
	if pkg != "" || dir == "" {
		return pkg
	}
	return code.NameForDir(dir)
}

func importPathOf(dir string) string {
	if dir == "" {
		return ""
	}
	return code.ImportPathForDir(dir)
}

func packageOf(dir, importPath, name string) *types.Package {
	if dir == "" {
		return nil
	}
	return types.NewPackage(importPath, name)
}

// absSlash makes path absolute (against the working directory) with forward
// slashes. If the working directory is unknown the path is only cleaned.
func absSlash(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = filepath.Clean(path)
	}
	return filepath.ToSlash(abs)
}
