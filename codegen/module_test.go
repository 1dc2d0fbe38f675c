package codegen_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/tools/testmodule"
)

// The end-to-end tests generate an executable schema into a module of its
// own in a temporary directory, built against this checkout through a
// replace directive, and run that module's tests: real queries through
// graphql/handler, compared byte for byte.

// repoRoot is the root of this checkout.
func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// testModule is a generated module under test.
type testModule struct {
	t   testing.TB
	dir string
}

// newTestModule copies the fixture testdata/<fixture> into a new module
// called example.com/<fixture>, with files overriding or adding to it.
func newTestModule(t testing.TB, fixture string, files map[string]string) *testModule {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a generated module")
	}
	// One path per test under every codec tag, so that the tagged reruns
	// find the module's packages in the build cache.
	dir := testmodule.ScratchDir(t)
	src := filepath.Join("testdata", fixture)
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return writeFile(filepath.Join(dir, rel), string(data))
	})
	if err != nil {
		t.Fatal(err)
	}
	root := repoRoot(t)
	gomod := "module example.com/" + fixture + "\n\ngo 1.26.0\n\nrequire github.com/99designs/gqlgen v0.17.98\n\nreplace github.com/99designs/gqlgen => " + root + "\n"
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files = mergeFiles(map[string]string{"go.mod": gomod, "go.sum": string(sum)}, files)
	for name, content := range files {
		if err := writeFile(filepath.Join(dir, name), content); err != nil {
			t.Fatal(err)
		}
	}
	return &testModule{t: t, dir: dir}
}

func mergeFiles(base, extra map[string]string) map[string]string {
	for k, v := range extra {
		base[k] = v
	}
	return base
}

func writeFile(path, content string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(content), 0o644)
}

// generate runs the generator on the module's gqlgen.yml, in process.
func (m *testModule) generate() *codegen.Data {
	m.t.Helper()
	data := m.build()
	if err := codegen.GenerateCode(data); err != nil {
		m.t.Fatal(err)
	}
	return data
}

// build loads the module's gqlgen.yml and builds the data model, in
// process, with the module as working directory.
func (m *testModule) build() *codegen.Data {
	m.t.Helper()
	data, err := m.tryBuild()
	if err != nil {
		m.t.Fatal(err)
	}
	return data
}

// tryBuild is build returning BuildData's error.
func (m *testModule) tryBuild() (*codegen.Data, error) {
	m.t.Helper()
	m.t.Chdir(m.dir)
	m.t.Setenv("GOFLAGS", "-mod=mod")
	m.t.Setenv("GOWORK", "off")
	cfg, err := config.LoadConfig("gqlgen.yml")
	if err != nil {
		m.t.Fatal(err)
	}
	if err := cfg.Init(); err != nil {
		m.t.Fatal(err)
	}
	return codegen.BuildData(cfg)
}

// goCmd runs the go command in the module and returns its output, failing
// the test if it fails.
func (m *testModule) goCmd(args ...string) string {
	m.t.Helper()
	return m.goCmdEnv(nil, args...)
}

// goCmdEnv is goCmd with extra environment variables.
func (m *testModule) goCmdEnv(env []string, args ...string) string {
	m.t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = m.dir
	cmd.Env = append(append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off"), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		m.t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// read returns a file of the module.
func (m *testModule) read(name string) string {
	m.t.Helper()
	data, err := os.ReadFile(filepath.Join(m.dir, name))
	if err != nil {
		m.t.Fatal(err)
	}
	return string(data)
}
