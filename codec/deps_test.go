package codec_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var jsonLibraries = map[string]string{
	"go_json":  "github.com/goccy/go-json",
	"sonic":    "github.com/bytedance/sonic",
	"jsoniter": "github.com/json-iterator/go",
}

// TestBuildTags checks that each tag links exactly its own JSON library, and
// that two tags at once fail with the message that says why.
func TestBuildTags(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	for _, tag := range []string{"", "go_json", "sonic", "jsoniter"} {
		out, err := exec.Command("go", "list", "-deps", "-tags", tag, ".").CombinedOutput()
		if err != nil {
			t.Fatalf("go list -tags %q: %v\n%s", tag, err, out)
		}
		deps := strings.Fields(string(out))
		for other, lib := range jsonLibraries {
			want := other == tag
			if other == "sonic" && (runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64") {
				want = false // the sonic tag falls back to encoding/json there
			}
			if got := slices.Contains(deps, lib); got != want {
				t.Errorf("-tags %q: depends on %s = %v; want %v", tag, lib, got, want)
			}
		}
	}
	out, err := exec.Command("go", "build", "-tags", "sonic go_json", ".").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "mutually exclusive") {
		t.Errorf("-tags 'sonic go_json' built or failed unclearly: %v\n%s", err, out)
	}

	// jsonv2 needs the experiment, says so without it, and excludes the
	// other tags.
	goCmd := func(experiment string, args ...string) ([]byte, error) {
		cmd := exec.Command("go", args...)
		cmd.Env = append(os.Environ(), "GOEXPERIMENT="+experiment)
		return cmd.CombinedOutput()
	}
	out, err = goCmd("", "build", "-tags", "jsonv2", ".")
	if err == nil || !strings.Contains(string(out), "needs GOEXPERIMENT=jsonv2") {
		t.Errorf("-tags jsonv2 without the experiment built or failed unclearly: %v\n%s", err, out)
	}
	out, err = goCmd("jsonv2", "build", "-tags", "jsonv2 jsoniter", ".")
	if err == nil || !strings.Contains(string(out), "mutually exclusive") {
		t.Errorf("-tags 'jsonv2 jsoniter' built or failed unclearly: %v\n%s", err, out)
	}
	out, err = goCmd("jsonv2", "list", "-deps", "-tags", "jsonv2", ".")
	if err != nil {
		t.Fatalf("GOEXPERIMENT=jsonv2 go list -tags jsonv2: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "encoding/json/v2") {
		t.Errorf("-tags jsonv2 does not link encoding/json/v2")
	}
	for _, lib := range jsonLibraries {
		if slices.Contains(deps, lib) {
			t.Errorf("-tags jsonv2 links %s", lib)
		}
	}
}

// allowedJSON are the encoding/json names other packages may use: types that
// appear in public signatures. Encoding and decoding go through codec.
var allowedJSON = map[string]bool{
	"Number": true, "RawMessage": true, "Marshaler": true, "Unmarshaler": true,
	"SyntaxError": true, "UnmarshalTypeError": true, "MarshalerError": true,
	"UnsupportedValueError": true, "UnsupportedTypeError": true, "InvalidUnmarshalError": true,
}

// TestOnlyCodecEncodes walks the module and fails on any use of an
// encoding/json function outside package codec, test files, the compat
// harness and tools/apicheck (developer tools reading the go command's JSON) and internal/generator/code (the generator's package
// loader, which reads `go list -json`) excepted: none is on a request path.
// internal/builtinjson, which holds codec's reference encoding/json, is
// part of package codec for this purpose.
func TestOnlyCodecEncodes(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			name := d.Name()
			if rel == "codec" || rel == filepath.Join("internal", "builtinjson") || rel == filepath.Join("tools", "compat") || rel == filepath.Join("tools", "apicheck") || rel == filepath.Join("internal", "generator", "code") || name == "testdata" || name == "node_modules" || name == "_examples" || (strings.HasPrefix(name, ".") && rel != ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return nil // not ours to judge here; the build reports it
		}
		local := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "encoding/json" {
				local = "json"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		if local == "" {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == local && !allowedJSON[sel.Sel.Name] {
				t.Errorf("%s: json.%s: encode and decode through package codec", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
