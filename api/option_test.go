package api

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/plugin"
)

type named struct{ name, tag string }

func (n named) Name() string { return n.name }

func names(ps []plugin.Plugin) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.Name()+p.(named).tag)
	}
	return out
}

func TestOptions(t *testing.T) {
	start := func() []plugin.Plugin { return []plugin.Plugin{named{"a", ""}, named{"b", ""}} }
	cases := []struct {
		name string
		opts []Option
		want []string
	}{
		{"none", nil, []string{"a", "b"}},
		{"no plugins", []Option{NoPlugins()}, []string{}},
		{"no plugins then add", []Option{NoPlugins(), AddPlugin(named{"c", ""})}, []string{"c"}},
		{"add", []Option{AddPlugin(named{"c", ""})}, []string{"a", "b", "c"}},
		{"prepend", []Option{PrependPlugin(named{"c", ""})}, []string{"c", "a", "b"}},
		{"replace in place", []Option{ReplacePlugin(named{"a", "'"})}, []string{"a'", "b"}},
		{"replace appends when missing", []Option{ReplacePlugin(named{"z", ""})}, []string{"a", "b", "z"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			plugins := start()
			for _, o := range tc.opts {
				o(&config.Config{}, &plugins)
			}
			assert.Equal(t, tc.want, names(plugins))
		})
	}

	assert.NotPanics(t, func() { ReplacePlugin(named{"a", ""})(&config.Config{}, nil) })
}
