package federation

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/codegen/config"
)

func TestNewOptions(t *testing.T) {
	tests := []struct {
		name     string
		options  map[string]bool
		version  int
		withNull bool
		want     PackageOptions
		wantErr  string
	}{
		{name: "none"},
		{
			name:    "every compatible switch",
			options: map[string]bool{"explicit_requires": true, "entity_resolver_multi": true, "entity_resolver_per_entity": true},
			want:    PackageOptions{ExplicitRequires: true, EntityResolverMulti: true, EntityResolverPerEntity: true},
		},
		{name: "preloaded", options: map[string]bool{"preloaded_requires": true}, want: PackageOptions{PreloadedRequires: true}},
		{
			name: "computed with its prerequisites", options: map[string]bool{"computed_requires": true}, version: 2, withNull: true,
			want: PackageOptions{ComputedRequires: true},
		},
		{name: "false is allowed", options: map[string]bool{"explicit_requires": false, "computed_requires": false}},
		{name: "unknown key", options: map[string]bool{"explicit_require": true}, wantErr: "invalid federation package options: unknown package option: explicit_require"},
		{
			name: "explicit and computed", options: map[string]bool{"explicit_requires": true, "computed_requires": true}, version: 2, withNull: true,
			wantErr: "invalid federation package options: only one of explicit_requires or computed_requires can be set to true",
		},
		{
			name: "preloaded and computed", options: map[string]bool{"preloaded_requires": true, "computed_requires": true}, version: 2, withNull: true,
			wantErr: "invalid federation package options: preloaded_requires cannot be combined with computed_requires: computed requires are resolved as separate field resolvers, so they are not available on the representation passed to the batch resolver",
		},
		{
			name: "preloaded and explicit", options: map[string]bool{"preloaded_requires": true, "explicit_requires": true},
			wantErr: "invalid federation package options: preloaded_requires cannot be combined with explicit_requires: preloaded populates @requires on the representation passed to the batch resolver, so the Populate<Entity>Requires stub would never run",
		},
		{
			name: "computed on federation 1", options: map[string]bool{"computed_requires": true}, version: 1, withNull: true,
			wantErr: "invalid federation package options: when using computed @requires you must be using Federation 2",
		},
		{
			name: "computed without null argument directives", options: map[string]bool{"computed_requires": true}, version: 2,
			wantErr: "invalid federation package options: when using computed @requires, call_argument_directives_with_null must be set to true",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := config.DefaultConfig()
			cfg.Federation = config.PackageConfig{Filename: "federation.go", Version: tt.version, Options: tt.options}
			cfg.CallArgumentDirectivesWithNull = tt.withNull
			f, err := New(tt.version, cfg)
			if tt.wantErr != "" {
				require.EqualError(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, f.PackageOptions)
			assert.Equal(t, "federation", f.Name())
		})
	}
}

func TestNewDefaultsToVersion1(t *testing.T) {
	f, err := New(0, config.DefaultConfig())
	require.NoError(t, err)
	srcs, err := f.InjectSourcesEarly()
	require.NoError(t, err)
	require.Len(t, srcs, 1)
	assert.Contains(t, srcs[0].Input, "scalar _FieldSet")
}
