// Command gqlgen generates a GraphQL server from a schema:
//
//	go run github.com/99designs/gqlgen init       # start a project
//	go run github.com/99designs/gqlgen generate   # regenerate after changing the schema
//	go run github.com/99designs/gqlgen version    # the version, the JSON codec built in and this fork's module
//
// Without a command it generates. See https://gqlgen.com/getting-started/.
package main

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"runtime/debug"
	"text/template"

	"github.com/urfave/cli/v3"

	"github.com/99designs/gqlgen/api"
	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/internal/generator/code"
	"github.com/99designs/gqlgen/plugin/servergen"
)

//go:embed init-templates/schema.graphqls
var starterSchema string

//go:embed init-templates/gqlgen.yml.gotmpl
var starterConfig string

func main() {
	if err := newApp().Run(context.Background(), os.Args); err != nil {
		fmt.Fprintln(os.Stderr, err.Error())
		os.Exit(1)
	}
}

// Flags. -v and -c are accepted too (upstream gqlgen declares them but its
// CLI library never registers them).
func verboseFlag() cli.Flag {
	return &cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "show logs"}
}

func configFlag(value string) cli.Flag {
	return &cli.StringFlag{Name: "config", Aliases: []string{"c"}, Usage: "the config filename", Value: value}
}

func newApp() *cli.Command {
	generate := &cli.Command{
		Name:   "generate",
		Usage:  "generate a graphql server based on schema",
		Flags:  []cli.Flag{verboseFlag(), configFlag("")},
		Action: runGenerate,
	}
	return &cli.Command{
		Name:  "gqlgen",
		Usage: generate.Usage,
		Description: "gqlgen builds strictly typed GraphQL servers in Go from a schema. " +
			"See https://gqlgen.com/ for a getting started guide.",
		Version:     graphql.Version,
		HideVersion: true,
		Flags:       []cli.Flag{verboseFlag(), configFlag("")},
		Action:      runGenerate,
		Commands: []*cli.Command{
			generate,
			{
				Name:  "init",
				Usage: "create a new gqlgen project",
				Flags: []cli.Flag{
					verboseFlag(),
					configFlag("gqlgen.yml"),
					&cli.StringFlag{Name: "server", Usage: "where to write the server stub to", Value: "server.go"},
					&cli.StringFlag{Name: "schema", Usage: "where to write the schema stub to", Value: "graph/schema.graphqls"},
				},
				Action: runInit,
			},
			{
				Name:   "version",
				Usage:  "print the version string, the JSON codec built in and which build of gqlgen this is",
				Action: runVersion,
			},
		},
	}
}

// setupLogging shows the generator's logs on standard error with
// --verbose and discards them otherwise.
func setupLogging(c *cli.Command) {
	if c.Bool("verbose") {
		log.SetFlags(0)
		log.SetOutput(os.Stderr)
		return
	}
	log.SetOutput(io.Discard)
}

// runVersion prints upstream's line (the version alone, for scripts that
// parse it), then the codec the build tags selected, so a misspelled tag
// (-tags Sonic) shows up as encoding/json, then which module this is.
func runVersion(_ context.Context, c *cli.Command) error {
	w := c.Root().Writer
	fmt.Fprintln(w, graphql.Version)
	fmt.Fprintln(w, "codec:", codec.Name())
	build := forkNote
	info, _ := debug.ReadBuildInfo()
	if src := moduleSource(info); src != "" {
		build += "; built from " + src
	}
	fmt.Fprintln(w, "build:", build)
	return nil
}

// runGenerate loads the configuration named by --config, else the nearest
// gqlgen.yml (entering its directory), else the built-in defaults, and
// generates.
func runGenerate(_ context.Context, c *cli.Command) error {
	setupLogging(c)
	var (
		cfg *config.Config
		err error
	)
	if name := c.String("config"); name != "" {
		cfg, err = config.LoadConfig(name)
	} else {
		cfg, err = config.LoadConfigFromDefaultLocations()
		if errors.Is(err, fs.ErrNotExist) {
			cfg, err = config.LoadDefaultConfig()
		}
	}
	if err != nil {
		return err
	}
	return api.Generate(cfg)
}

// runInit writes a starter configuration, schema and server into the
// current module and generates the rest.
func runInit(_ context.Context, c *cli.Command) error {
	setupLogging(c)
	configFile, serverFile, schemaFile := c.String("config"), c.String("server"), c.String("schema")
	out := c.Root().Writer

	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("unable to determine current directory: %w", err)
	}
	importPath := code.ImportPathForDir(cwd)
	if importPath == "" {
		return errors.New("unable to determine import path for current directory, you probably need to run 'go mod init' first")
	}
	if !insideModule(cwd) {
		return cli.Exit("go.mod is missing. Please, do 'go mod init' first\n", 1)
	}
	for _, name := range []string{configFile, schemaFile, serverFile} {
		if _, err := os.Stat(name); !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s already exists", name)
		}
	}
	if _, err := config.LoadConfigFromDefaultLocations(); err == nil {
		return cli.Exit("gqlgen.yml already exists in a parent directory\n", 1)
	}

	cfgText, err := renderStarterConfig(importPath)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "Creating", configFile)
	if err := writeNewFile(configFile, cfgText); err != nil {
		return cli.Exit(err.Error()+"\n", 1)
	}
	fmt.Fprintln(out, "Creating", schemaFile)
	if err := writeNewFile(schemaFile, starterSchema); err != nil {
		return cli.Exit(err.Error()+"\n", 1)
	}

	cfg, err := config.LoadConfig(configFile)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "Creating", serverFile)
	fmt.Fprintln(out, "Generating...")
	if err := api.Generate(cfg, api.AddPlugin(servergen.New(serverFile))); err != nil {
		return err
	}
	fmt.Fprintf(out, "\nExec \"go run ./%s\" to start GraphQL server\n", serverFile)
	return nil
}

// renderStarterConfig fills the module's import path into the starter
// gqlgen.yml (in the commented-out autobind entry).
func renderStarterConfig(importPath string) (string, error) {
	t, err := template.New("gqlgen.yml").Parse(starterConfig)
	if err != nil {
		return "", fmt.Errorf("starter config template: %w", err)
	}
	var b bytes.Buffer
	if err := t.Execute(&b, importPath); err != nil {
		return "", fmt.Errorf("starter config template: %w", err)
	}
	return b.String(), nil
}

// insideModule reports whether dir or one of its parents has a go.mod.
func insideModule(dir string) bool {
	for dir = filepath.Clean(dir); ; {
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !fi.IsDir() {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// writeNewFile writes a file, creating its directory.
func writeNewFile(name, content string) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("unable to create directory for file '%s': %w", name, err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		return fmt.Errorf("unable to write file '%s': %w", name, err)
	}
	return nil
}
