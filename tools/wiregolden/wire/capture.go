package wire

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
)

// GoldenPath is where the golden transcript of c lives under dir.
func GoldenPath(dir string, c Case) string {
	return filepath.Join(dir, c.Name+".golden")
}

// Capture plays the corpus, in order, against h and writes each transcript
// to its golden file under dir. Cases upstream never finishes are left out.
func Capture(h http.Handler, dir string) error {
	srv := httptest.NewServer(h)
	defer srv.Close()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, c := range Cases {
		if c.UpstreamHangs {
			continue
		}
		if err := os.WriteFile(GoldenPath(dir, c), Run(srv.URL, c), 0o644); err != nil {
			return fmt.Errorf("writing golden of %s: %w", c.Name, err)
		}
	}
	return nil
}
