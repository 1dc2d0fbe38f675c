package config

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator"
)

// configFileNames are the names LoadConfigFromDefaultLocations looks for, in
// order of preference within one directory.
var configFileNames = []string{".gqlgen.yml", "gqlgen.yml", "gqlgen.yaml"}

// LoadConfigFromDefaultLocations finds the nearest config file, looking in the
// working directory and then in each parent, changes the working directory to
// the one holding it (so that the paths in it are relative to it), and loads
// it. When there is none the error matches fs.ErrNotExist.
func LoadConfigFromDefaultLocations() (*Config, error) {
	path, err := findConfigFile()
	if err != nil {
		return nil, err
	}
	if err := os.Chdir(filepath.Dir(path)); err != nil {
		return nil, fmt.Errorf("unable to enter config dir: %w", err)
	}
	return LoadConfig(path)
}

func findConfigFile() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("unable to get working dir to findCfg: %w", err)
	}
	for dir := wd; ; {
		for _, name := range configFileNames {
			path := filepath.Join(dir, name)
			if _, err := os.Stat(path); err == nil {
				return path, nil
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no %s in %s or its parents: %w", strings.Join(configFileNames, ", "), wd, fs.ErrNotExist)
		}
		dir = parent
	}
}

// LoadConfig reads the config file filename. Paths in it are taken relative
// to the working directory. Decoding errors name the file, the position and
// the offending key.
func LoadConfig(filename string) (*Config, error) {
	b, err := os.ReadFile(filename)
	if err != nil {
		return nil, fmt.Errorf("unable to read config: %w", err)
	}
	return decodeConfig(bytes.NewReader(b), filename)
}

// ReadConfig decodes a config file from r, applies the defaults of
// DefaultConfig to what the file leaves out, and completes it with
// CompleteConfig. Keys the file format does not have are errors.
func ReadConfig(cfgFile io.Reader) (*Config, error) {
	return decodeConfig(cfgFile, "")
}

func decodeConfig(r io.Reader, filename string) (cfg *Config, err error) {
	where := ""
	if filename != "" {
		where = filename + ": "
	}
	// The decoder is fed arbitrary input; a panic in it is a parse error.
	defer func() {
		if p := recover(); p != nil {
			cfg, err = nil, fmt.Errorf("unable to parse config: %spanic during decode: %v", where, p)
		}
	}()

	cfg = DefaultConfig()
	if err := yaml.NewDecoder(r, yaml.DisallowUnknownField()).Decode(cfg); err != nil {
		return nil, fmt.Errorf("unable to parse config: %s%w", where, err)
	}
	if err := CompleteConfig(cfg); err != nil {
		return nil, err
	}
	return cfg, nil
}

// CompleteConfig finishes a Config decoded from YAML: directives of the
// GraphQL prelude are marked skip_runtime unless configured (the executor and
// introspection implement them), the schema globs are expanded and the files
// read into Sources, the configured initialisms are installed for Go naming,
// and per-field batch settings get their defaults.
func CompleteConfig(config *Config) error {
	if config.Directives == nil {
		config.Directives = map[string]DirectiveConfig{}
	}
	for _, d := range validator.PreludeDocument().Directives {
		if _, ok := config.Directives[d.Name]; !ok {
			config.Directives[d.Name] = DirectiveConfig{SkipRuntime: true}
		}
	}

	files, err := expandSchemaPatterns(config.SchemaFilename)
	if err != nil {
		return err
	}
	config.SchemaFilename = files

	sources, err := readSchemaFiles(files)
	if err != nil {
		return err
	}
	config.Sources = append(config.Sources, sources...)

	config.GoInitialisms.setInitialisms()
	config.resolveModelBatchDefaults()
	return nil
}

// LoadDefaultConfig is the configuration used when there is no config file:
// DefaultConfig with schema.graphql read from the working directory.
func LoadDefaultConfig() (*Config, error) {
	cfg := DefaultConfig()
	sources, err := readSchemaFiles(cfg.SchemaFilename)
	if err != nil {
		return nil, err
	}
	cfg.Sources = append(cfg.Sources, sources...)
	return cfg, nil
}

// readSchemaFiles reads each file into a source named by its slash path.
func readSchemaFiles(files []string) ([]*ast.Source, error) {
	sources := make([]*ast.Source, 0, len(files))
	for _, f := range files {
		name := filepath.ToSlash(f)
		text, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("unable to open schema: %w", err)
		}
		sources = append(sources, &ast.Source{Name: name, Input: string(text)})
	}
	return sources, nil
}
