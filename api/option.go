package api

import (
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/plugin"
)

// Option adjusts a generation run: the configuration, or the list of
// plugins, which starts as [federation (when configured)], modelgen (when a
// model section exists), resolvergen.
type Option func(cfg *config.Config, plugins *[]plugin.Plugin)

// NoPlugins removes every plugin, including the default ones; add the ones
// wanted after it.
func NoPlugins() Option {
	return func(_ *config.Config, plugins *[]plugin.Plugin) { *plugins = nil }
}

// AddPlugin runs p after the plugins already listed.
func AddPlugin(p plugin.Plugin) Option {
	return func(_ *config.Config, plugins *[]plugin.Plugin) { *plugins = append(*plugins, p) }
}

// PrependPlugin runs p before the plugins already listed.
func PrependPlugin(p plugin.Plugin) Option {
	return func(_ *config.Config, plugins *[]plugin.Plugin) {
		*plugins = append([]plugin.Plugin{p}, *plugins...)
	}
}

// ReplacePlugin puts p in the place of every listed plugin with the same
// Name, or appends it when there is none, for example to run modelgen with
// custom hooks:
//
//	api.Generate(cfg, api.ReplacePlugin(&modelgen.Plugin{MutateHook: myHook}))
func ReplacePlugin(p plugin.Plugin) Option {
	return func(_ *config.Config, plugins *[]plugin.Plugin) {
		if plugins == nil {
			return
		}
		replaced := false
		for i, existing := range *plugins {
			if existing.Name() == p.Name() {
				(*plugins)[i] = p
				replaced = true
			}
		}
		if !replaced {
			*plugins = append(*plugins, p)
		}
	}
}
