// Package api runs code generation: it is what `gqlgen generate` calls, and
// what programs and go:generate drivers call to run gqlgen with their own
// plugins:
//
//	cfg, err := config.LoadConfigFromDefaultLocations()
//	...
//	err = api.Generate(cfg, api.AddPlugin(myPlugin))
package api

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/imports"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/internal/generator/code"
	"github.com/99designs/gqlgen/internal/generator/rollback"
	"github.com/99designs/gqlgen/plugin"
	"github.com/99designs/gqlgen/plugin/modelgen"
	"github.com/99designs/gqlgen/plugin/resolvergen"
)

// Generate writes everything gqlgen.yml asks for: models, the executable
// schema, resolver stubs and what the plugins add. It then runs
// `go mod tidy` (unless skip_mod_tidy) and checks that the generated
// packages build (unless skip_validation).
//
// A run that fails leaves the project's files as they were: the
// configuration, plugins and schema are checked before anything is deleted,
// and a failure while the new code is being written puts back every file
// the run had deleted or rewritten. Only a failing tidy or build check keeps
// the new generated code, which is then complete.
//
// While it runs, the garbage collector's target (GOGC) is raised to 400%,
// unless the GOGC environment variable is set, trading some memory for
// speed; the previous target is restored on return.
func Generate(cfg *config.Config, option ...Option) error {
	defer lessGC()()
	return newRun(cfg, option).execute(nil)
}

// GenerateIncremental is Generate for a run after a change to some schema
// files (for example those git reports as changed): generated files whose
// content does not change are not rewritten, which keeps Go's build cache
// warm. An empty changedSchemas means everything may have changed; verbose
// logs what the change affects.
func GenerateIncremental(cfg *config.Config, changedSchemas []string, verbose bool, option ...Option) error {
	defer lessGC()()
	opts := codegen.IncrementalOptions{ChangedSchemas: changedSchemas, Verbose: verbose}
	return newRun(cfg, option).execute(&opts)
}

// generateGCPercent is the garbage collector target during a run. A run
// allocates a lot that lives briefly (the syntax trees of the generated
// files), so collecting at the default 100% costs about a third of the
// generator's CPU time; at 400% the peak heap of a 300-type schema grows
// by a few tens of megabytes.
const generateGCPercent = 400

// lessGC raises the garbage collector target to generateGCPercent, unless
// GOGC is set or the current target is already higher (or off), and
// returns the function that restores it.
func lessGC() (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	old := debug.SetGCPercent(generateGCPercent)
	if old < 0 || old > generateGCPercent {
		debug.SetGCPercent(old)
		return func() {}
	}
	return func() { debug.SetGCPercent(old) }
}

// run is one generation: the configuration and the plugins taking part.
type run struct {
	cfg     *config.Config
	options []Option
	plugins []plugin.Plugin
}

func newRun(cfg *config.Config, options []Option) *run {
	return &run{cfg: cfg, options: options}
}

// wrap prefixes err with what failed; nil stays nil.
func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

// execute runs the stages in order; plugins hook into them through the
// interfaces of package plugin.
//
// Everything that can fail without looking at Go packages (constructing the
// plugins, applying the options, checking the configuration, parsing the
// schema with the plugins' sources) runs before the stale exec and model
// files are deleted, so such an error leaves the project untouched. From
// the deletion until the new code is written, every file the run deletes or
// writes is journaled, and an error or panic puts them all back (see
// replaceOutput). A failure of `go mod tidy` or of the final build check
// keeps the new files: they are a complete, consistent generation, and the
// usual cause is user code the user must now adapt to them.
func (r *run) execute(incremental *codegen.IncrementalOptions) error {
	stale := r.staleOutputs()
	if err := r.preparePlugins(); err != nil {
		return err
	}
	if err := r.schema(); err != nil {
		return err
	}
	if err := r.replaceOutput(stale, incremental); err != nil {
		return err
	}
	return r.finish()
}

// staleOutputs are the generated files removed before packages are loaded:
// left in place, a previous exec or model file could fail to compile
// against the new schema, or make autobind find types the new run will not
// generate. They are named by the configuration as loaded, before options
// can change it, as upstream does.
func (r *run) staleOutputs() []string {
	stale := []string{r.cfg.Exec.Filename}
	if r.cfg.Model.IsDefined() {
		stale = append(stale, r.cfg.Model.Filename)
	}
	return stale
}

// preparePlugins builds the default plugins and applies the options.
func (r *run) preparePlugins() error {
	plugins, err := defaultPlugins(r.cfg)
	if err != nil {
		return err
	}
	r.plugins = plugins
	for _, apply := range r.options {
		apply(r.cfg, &r.plugins)
	}
	if r.cfg.LocalPrefix != "" {
		imports.LocalPrefix = r.cfg.LocalPrefix
	}
	return nil
}

// replaceOutput deletes the stale files, binds the schema to Go types, and
// lets the plugins and the core write the new code. If any of it fails (or
// panics), every file it deleted or wrote is restored from the journal, so
// the project is left as it was, still building if it built before.
func (r *run) replaceOutput(stale []string, incremental *codegen.IncrementalOptions) (err error) {
	journal := rollback.Start()
	defer journal.Stop()
	defer func() {
		if p := recover(); p != nil {
			_, _ = journal.Undo()
			panic(p)
		}
		if err != nil {
			if _, undoErr := journal.Undo(); undoErr != nil {
				err = fmt.Errorf("%w (restoring the previous generated files also failed: %v)", err, undoErr)
			}
		}
	}()

	for _, path := range stale {
		if err := rollback.Remove(path); err != nil {
			return fmt.Errorf("removing stale generated file: %w", err)
		}
	}
	if err := wrap("generating core failed", r.cfg.Init()); err != nil {
		return err
	}
	if err := r.mutate(); err != nil {
		return err
	}
	data, err := codegen.BuildData(r.cfg, r.pluginValues()...)
	if err != nil {
		return wrap("merging type systems failed", err)
	}
	return r.generateCode(data, incremental)
}

// schema parses the schema with the sources plugins inject before and
// after the user's and expands @inlineArguments. It reads no Go package, so
// it runs before anything is deleted.
func (r *run) schema() error {
	cfg := r.cfg
	if err := injectEarlySources(cfg, r.plugins); err != nil {
		return err
	}
	if err := wrap("failed to load schema", cfg.LoadSchema()); err != nil {
		return err
	}
	if err := injectLateSources(cfg, r.plugins); err != nil {
		return err
	}
	// Parsed again, with the late sources.
	if err := wrap("failed to load schema", cfg.LoadSchema()); err != nil {
		return err
	}
	codegen.ClearInlineArgsMetadata()
	return wrap("failed to expand inline arguments", codegen.ExpandInlineArguments(cfg.Schema))
}

// mutate lets plugins edit the schema, then the configuration (modelgen
// writes the models at this point).
func (r *run) mutate() error {
	for _, p := range r.plugins {
		if sm, ok := p.(plugin.SchemaMutator); ok {
			if err := wrap(p.Name(), sm.MutateSchema(r.cfg.Schema)); err != nil {
				return err
			}
		}
	}
	for _, p := range r.plugins {
		if cm, ok := p.(plugin.ConfigMutator); ok {
			if err := wrap(p.Name(), cm.MutateConfig(r.cfg)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *run) pluginValues() []any {
	values := make([]any, 0, len(r.plugins))
	for _, p := range r.plugins {
		values = append(values, p)
	}
	return values
}

// generateCode runs the plugins' generators, then writes the executable
// schema.
func (r *run) generateCode(data *codegen.Data, incremental *codegen.IncrementalOptions) error {
	for _, p := range r.plugins {
		if cg, ok := p.(plugin.CodeGenerator); ok {
			if err := wrap(p.Name(), cg.GenerateCode(data)); err != nil {
				return err
			}
		}
	}
	if incremental != nil {
		return wrap("generating core failed", codegen.GenerateCodeIncremental(data, *incremental))
	}
	return wrap("generating core failed", codegen.GenerateCode(data))
}

// finish tidies go.mod and checks that the output builds, unless told not
// to.
func (r *run) finish() error {
	if !r.cfg.SkipModTidy {
		if err := wrap("tidy failed", r.cfg.Packages.ModTidy()); err != nil {
			return err
		}
	}
	if r.cfg.SkipValidation {
		return nil
	}
	return wrap("validation failed", validate(r.cfg))
}

// defaultPlugins are the plugins every run starts with.
func defaultPlugins(cfg *config.Config) ([]plugin.Plugin, error) {
	var plugins []plugin.Plugin
	if cfg.Federation.IsDefined() {
		if cfg.Federation.Version == 0 {
			cfg.Federation.Version = federationVersion(cfg.Sources)
		}
		fed, err := newFederationPlugin(cfg.Federation.Version, cfg)
		if err != nil {
			return nil, fmt.Errorf("failed to construct the Federation plugin: %w", err)
		}
		plugins = append(plugins, fed)
	}
	if cfg.Model.IsDefined() {
		plugins = append(plugins, modelgen.New())
	}
	return append(plugins, resolvergen.New()), nil
}

// injectEarlySources adds the sources plugins supply before the user's
// schema is parsed.
func injectEarlySources(cfg *config.Config, plugins []plugin.Plugin) error {
	for _, p := range plugins {
		//lint:ignore SA1019 the deprecated form is still honoured, as upstream does
		if inj, ok := p.(plugin.EarlySourceInjector); ok {
			if src := inj.InjectSourceEarly(); src != nil {
				cfg.Sources = append(cfg.Sources, src)
			}
		}
		if inj, ok := p.(plugin.EarlySourcesInjector); ok {
			srcs, err := inj.InjectSourcesEarly()
			if err != nil {
				return fmt.Errorf("%s: %w", p.Name(), err)
			}
			cfg.Sources = append(cfg.Sources, srcs...)
		}
	}
	return nil
}

// injectLateSources adds the sources plugins derive from the parsed
// schema.
func injectLateSources(cfg *config.Config, plugins []plugin.Plugin) error {
	for _, p := range plugins {
		//lint:ignore SA1019 the deprecated form is still honoured, as upstream does
		if inj, ok := p.(plugin.LateSourceInjector); ok {
			if src := inj.InjectSourceLate(cfg.Schema); src != nil {
				cfg.Sources = append(cfg.Sources, src)
			}
		}
		if inj, ok := p.(plugin.LateSourcesInjector); ok {
			srcs, err := inj.InjectSourcesLate(cfg.Schema)
			if err != nil {
				return fmt.Errorf("%s: %w", p.Name(), err)
			}
			cfg.Sources = append(cfg.Sources, srcs...)
		}
	}
	return nil
}

// validate checks that the packages generated code went into, and those
// below them, compile, by compiling them with `go build` (with the
// configuration's go_build_tags): the build cache keeps the result, so the
// user's next `go build` does not compile them again (see code.Validate).
func validate(cfg *config.Config) error {
	patterns := []string{buildPattern(cfg.Exec.Dir())}
	if cfg.Model.IsDefined() {
		patterns = append(patterns, buildPattern(cfg.Model.Dir()))
	}
	if cfg.Resolver.IsDefined() {
		patterns = append(patterns, buildPattern(cfg.Resolver.Dir()))
	}
	return code.Validate(cfg.GetFastValidation(), cfg.GoBuildTags, patterns...)
}

// buildPattern is the go command pattern for dir and every package below
// it. It is a file system pattern, not an import path one: the go command
// skips testdata directories when expanding "..." in import paths, so output
// under testdata would go unchecked.
func buildPattern(dir string) string {
	p := filepath.ToSlash(dir)
	switch {
	case p == "":
		p = "."
	case !strings.HasPrefix(p, ".") && !rooted(p):
		p = "./" + p
	}
	return p + "/..."
}

// rooted reports whether the slash-separated path p is absolute, on any
// OS: "/x", "//host/share" or a drive letter path such as "D:/x".
func rooted(p string) bool {
	if strings.HasPrefix(p, "/") {
		return true
	}
	if len(p) < 2 || p[1] != ':' {
		return false
	}
	c := p[0] | 0x20 // lower case
	return 'a' <= c && c <= 'z'
}
