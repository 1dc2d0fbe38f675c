package code

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// writeTree creates files (slash-separated path → content) under a new
// temporary directory and returns the directory.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
	// Resolve symlinks (macOS /tmp) so paths compare equal to what the go
	// command reports.
	real, err := filepath.EvalSymlinks(root)
	require.NoError(t, err)
	return real
}

// fixture is a workspace of two modules: example.com/app (the working
// module) and example.com/dep, which app requires through a directory
// replacement. app/a imports dep/util; app/p exists only with the "private"
// build tag.
func fixture(t *testing.T) string {
	t.Helper()
	root := writeTree(t, map[string]string{
		"app/go.mod": "// leading comment\nmodule example.com/app\n\ngo 1.26\n\n" +
			"require example.com/dep v0.0.0\n\nreplace example.com/dep => ../dep\n",
		"app/a/a.go":                "package a\n\nimport \"example.com/dep/util\"\n\nvar X = utilities.Helper()\n",
		"app/b/b.go":                "package b\n\nimport \"strings\"\n\nvar Y = strings.ToUpper(\"b\")\n",
		"app/c/c.go":                "package c\n",
		"app/p/p.go":                "//go:build private\n\npackage p\n",
		"app/named/x.go":            "package other\n",
		"app/broken/broken.go":      "package broken\n\nvar Z int = \"not an int\"\n",
		"app/nested/go.mod":         "module example.com/app/nested\n\ngo 1.26\n",
		"app/nested/n/n.go":         "package n\n",
		"dep/go.mod":                "module example.com/dep\n\ngo 1.26\n",
		"dep/util/util.go":          "package utilities\n\nimport \"example.com/dep/internal/impl\"\n\nfunc Helper() int { return impl.V }\n",
		"dep/internal/impl/impl.go": "package impl\n\nconst V = 1\n",
	})
	t.Chdir(filepath.Join(root, "app"))
	return root
}
