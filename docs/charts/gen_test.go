package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestChartsAreFresh regenerates every chart from the committed benchstat
// output and requires the committed SVG files to be byte for byte the same:
// run `go run ./docs/charts` from the repository root after changing either.
func TestChartsAreFresh(t *testing.T) {
	files, err := render("benchstat.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(charts)+1 {
		t.Fatalf("rendered %d charts, want %d", len(files), len(charts)+1)
	}
	for name, want := range files {
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v (run go run ./docs/charts)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go run ./docs/charts from the repository root", name)
		}
		// A bar per row and column, the legend's swatches, the background.
		bars := 6*5 + 5 + 1
		if name == loopChart.file {
			bars = loopRows(t)*2 + 2 + 1
		}
		checkSVG(t, name, got, bars)
	}
}

// checkSVG parses the file as XML and checks that it is an SVG document
// with one bar per benchmark and column plus the legend's swatches.
func checkSVG(t *testing.T, name string, data []byte, want int) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var root xml.Name
	rects := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", name, err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if root.Local == "" {
				root = se.Name
			}
			if se.Name.Local == "rect" {
				rects++
			}
		}
	}
	if root.Space != "http://www.w3.org/2000/svg" || root.Local != "svg" {
		t.Errorf("%s: root element is %v, want svg in the SVG namespace", name, root)
	}
	if rects != want {
		t.Errorf("%s: %d rect elements, want %d", name, rects, want)
	}
}

func TestParse(t *testing.T) {
	f, err := os.Open("benchstat.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tables, err := parse(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, unit := range []string{"sec/op", "B/op", "allocs/op"} {
		tb, ok := tables[unit]
		if !ok {
			t.Fatalf("no %s table", unit)
		}
		if got := strings.Join(tb.columns, " "); got != "upstream none go_json sonic jsoniter" {
			t.Errorf("%s columns: %s", unit, got)
		}
		if len(tb.rows) != 6 {
			t.Errorf("%s: %d rows, want 6", unit, len(tb.rows))
		}
	}
	// Spot checks, one per suffix kind: µ, Ki, and a plain count.
	if got := tables["sec/op"].rows[0]; got.name != "TodosEmpty_New" || math.Abs(got.values[0]-45.123e-6) > 1e-12 {
		t.Errorf("sec/op first row: %+v", got)
	}
	if got := tables["B/op"].rows[2].values[1]; got != 66.25*1024 {
		t.Errorf("B/op Todos100 none: %v", got)
	}
	if got := tables["allocs/op"].rows[2].values; got[0] != 8920 || got[4] != 224 {
		t.Errorf("allocs/op Todos100: %v", got)
	}
}

func TestParseErrors(t *testing.T) {
	for name, input := range map[string]string{
		"empty":          "",
		"missing column": "  │ upstream │ none │\n  │ sec/op │ sec/op vs base │\nA-2  1.0µ ± 1%\n",
		"bad number":     "  │ upstream │ none │\n  │ sec/op │ sec/op vs base │\nA-2  x ± 1%  1.0µ ± 2%\n",
		"zero":           "  │ upstream │ none │\n  │ sec/op │ sec/op vs base │\nA-2  0 ± 1%  1.0µ ± 2%\n",
	} {
		if _, err := parse(strings.NewReader(input)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := render(filepath.Join(t.TempDir(), "none.txt")); err == nil {
		t.Error("render of a missing file: no error")
	}
}

// loopRows counts the rows of loop.tsv.
func loopRows(t *testing.T) int {
	t.Helper()
	f, err := os.Open("loop.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tb, err := parseTSV(f)
	if err != nil {
		t.Fatal(err)
	}
	return len(tb.rows)
}

func TestParseTSV(t *testing.T) {
	tb, err := parseTSV(strings.NewReader("# comment\nlabel\tupstream\tours\n300 types\t46.5\t25.3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.columns) != 2 || len(tb.rows) != 1 || tb.rows[0].name != "300 types" || tb.rows[0].values[1] != 25.3 {
		t.Errorf("parsed %+v", tb)
	}
	for _, bad := range []string{"label\ta\tb\nx\t1\n", "label\ta\nx\tnope\n", "label\ta\nx\t0\n", "# nothing\n"} {
		if _, err := parseTSV(strings.NewReader(bad)); err == nil {
			t.Errorf("parseTSV(%q) did not fail", bad)
		}
	}
}
