// Command capture records upstream gqlgen's answers to the wire-golden
// corpus. It copies the suite's server and wire packages into a temporary
// module outside this repository that requires github.com/99designs/gqlgen
// v0.17.98 from the Go module proxy, runs the corpus there against
// upstream, and writes the transcripts to tools/wiregolden/testdata.
//
// Run it from anywhere inside the repository:
//
//	go run ./tools/wiregolden/capture
//
// Flags: -out DIR writes elsewhere; -keep leaves the temporary module.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

const (
	upstream   = "github.com/99designs/gqlgen"
	version    = "v0.17.98"
	suitePath  = upstream + "/tools/wiregolden/"
	tempModule = "wiregoldencapture"
)

// driver is the main package of the temporary module.
const driver = `package main

import (
	"log"
	"os"

	"` + tempModule + `/server"
	"` + tempModule + `/wire"
)

func main() {
	if err := wire.Capture(server.New(), os.Args[1]); err != nil {
		log.Fatal(err)
	}
}
`

func main() {
	out := flag.String("out", "", "directory for the golden files (default: the suite's testdata)")
	keep := flag.Bool("keep", false, "keep the temporary module")
	flag.Parse()
	log.SetFlags(0)
	if err := run(*out, *keep); err != nil {
		log.Fatal(err)
	}
}

func run(out string, keep bool) error {
	dirs, err := goOutput("", "list", "-f", "{{.Dir}}", suitePath+"server", suitePath+"wire")
	if err != nil {
		return err
	}
	pkgDirs := strings.Fields(dirs)
	if len(pkgDirs) != 2 {
		return fmt.Errorf("go list found %q; run inside the gqlgen repository", dirs)
	}
	if out == "" {
		out = filepath.Join(filepath.Dir(pkgDirs[0]), "testdata")
	}
	if out, err = filepath.Abs(out); err != nil {
		return err
	}

	tmp, err := os.MkdirTemp("", "wiregolden-upstream-")
	if err != nil {
		return err
	}
	if keep {
		log.Printf("temporary module: %s", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	for _, dir := range pkgDirs {
		if err := copyPackage(dir, filepath.Join(tmp, filepath.Base(dir))); err != nil {
			return err
		}
	}
	gomod := fmt.Sprintf("module %s\n\ngo 1.26\n\nrequire %s %s\n", tempModule, upstream, version)
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "main.go"), []byte(driver), 0o644); err != nil {
		return err
	}
	if _, err := goOutput(tmp, "mod", "tidy"); err != nil {
		return err
	}

	old, _ := filepath.Glob(filepath.Join(out, "*.golden"))
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	cmd := exec.Command("go", "run", ".", out)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = tmp, goEnv(), os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("running the corpus against upstream: %w", err)
	}
	return writeProvenance(tmp, out)
}

// copyPackage copies the non-test Go files of a package, pointing imports
// of the suite's packages at the temporary module.
func copyPackage(from, to string) error {
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	files, err := filepath.Glob(filepath.Join(from, "*.go"))
	if err != nil {
		return err
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		src = bytes.ReplaceAll(src, []byte(`"`+suitePath), []byte(`"`+tempModule+"/"))
		if err := os.WriteFile(filepath.Join(to, filepath.Base(f)), src, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeProvenance records what produced the goldens: Go and module versions.
func writeProvenance(tmp, out string) error {
	goVersion, err := goOutput(tmp, "version")
	if err != nil {
		return err
	}
	mods, err := goOutput(tmp, "list", "-m", upstream, "github.com/vektah/gqlparser/v2", "github.com/coder/websocket")
	if err != nil {
		return err
	}
	text := "Captured from upstream gqlgen by: go run ./tools/wiregolden/capture\n\n" + goVersion + mods
	return os.WriteFile(filepath.Join(out, "CAPTURED"), []byte(text), 0o644)
}

// goEnv is the environment of the go command in the temporary module:
// outside any workspace, free to fetch upstream from the module proxy.
func goEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
}

// goOutput runs the go command in dir, or in the current directory (the
// repository, left as it is) when dir is empty.
func goOutput(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Stderr = dir, os.Stderr
	if dir != "" {
		cmd.Env = goEnv()
	}
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return string(b), nil
}
