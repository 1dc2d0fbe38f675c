package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestChartsAreFresh regenerates every chart from the committed results
// files and requires the committed SVG files to be byte for byte the same:
// run `go run ./docs/charts` from the repository root after changing either.
func TestChartsAreFresh(t *testing.T) {
	r, err := render("benchstat.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.svg) != len(charts)+2 {
		t.Fatalf("rendered %d charts, want %d", len(r.svg), len(charts)+2)
	}
	for name, want := range r.svg {
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v (run go run ./docs/charts)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go run ./docs/charts from the repository root", name)
		}
		// A bar per row and column, the legend's swatches, the background.
		bars := 6*5 + 5 + 1
		switch name {
		case loopChart.file:
			bars = tsvRows(t, "loop.tsv")*2 + 2 + 1
		case headlineChart.file:
			bars = tsvRows(t, "likeforlike.tsv")*2 + 2 + 1
		}
		checkSVG(t, name, got, bars)
		// Rows are labelled in words, not with benchmark identifiers.
		for id := range benchWords {
			if bytes.Contains(got, []byte(id)) {
				t.Errorf("%s names the benchmark %s; its rows are labelled in words", name, id)
			}
		}
	}
}

// TestFailedRunIsDrawnAsAFailure: upstream's 2,000-type loop, which fails,
// is an outline labelled "failed after", not a bar like the others.
func TestFailedRunIsDrawnAsAFailure(t *testing.T) {
	loop, err := readTSV("loop.tsv")
	if err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, r := range loop.rows {
		for _, f := range r.failed {
			if f {
				failed++
			}
		}
	}
	if failed != 1 {
		t.Fatalf("loop.tsv has %d failed cells, want 1 (upstream at 2,000 types)", failed)
	}
	svg := string(draw(loopChart, loop))
	if n := strings.Count(svg, `fill="none" stroke="#d62728"`); n != failed {
		t.Errorf("%d failure outlines, want %d", n, failed)
	}
	if !strings.Contains(svg, ">failed after 508 s</text>") {
		t.Errorf("the failed run is not labelled as one:\n%s", svg)
	}
}

// TestDocTablesAreFresh: the tables of figures in the README and
// docs/performance.md are what the results files give (the blocks
// between <!-- charts:NAME --> lines); a figure edited by hand, or a
// results file changed without make charts, fails here.
func TestDocTablesAreFresh(t *testing.T) {
	r, err := render("benchstat.txt")
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, name := range docFiles {
		path := filepath.Join("..", "..", name)
		doc, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		filled, err := fill(doc, r.blocks)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(filled, doc) {
			t.Errorf("%s: a charts: table differs from the results files (run make charts):\n%s", name, lineDiff(string(doc), string(filled)))
		}
		for block := range r.blocks {
			if bytes.Contains(doc, []byte("<!-- charts:"+block+" -->")) {
				used[block] = true
			}
		}
	}
	for block := range r.blocks {
		if !used[block] {
			t.Errorf("no document has the charts:%s table", block)
		}
	}
}

// lineDiff lists the lines of got that want does not have, and the other
// way round.
func lineDiff(got, want string) string {
	var b strings.Builder
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for _, l := range gl {
		if !slices.Contains(wl, l) {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range wl {
		if !slices.Contains(gl, l) {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}

func TestFill(t *testing.T) {
	blocks := map[string]string{"a": "| x |\n"}
	got, err := fill([]byte("top\n<!-- charts:a -->\nold\n<!-- /charts:a -->\nend\n"), blocks)
	if err != nil || string(got) != "top\n<!-- charts:a -->\n| x |\n<!-- /charts:a -->\nend\n" {
		t.Errorf("fill: %q, %v", got, err)
	}
	for _, bad := range []string{"<!-- charts:b -->\n<!-- /charts:b -->\n", "<!-- charts:a -->\nno end\n", "<!-- charts:a"} {
		if _, err := fill([]byte(bad), blocks); err == nil {
			t.Errorf("fill(%q) did not fail", bad)
		}
	}
}

func TestHeadline(t *testing.T) {
	like, err := parseTSV(strings.NewReader("request\tcache\tupstream µs\tours µs\tupstream allocs\tours allocs\n" +
		"empty\tcached\t100\t26\t76\t10\nempty\tuncached\t1000\t600\t2920\t1630\n"))
	if err != nil {
		t.Fatal(err)
	}
	chart, md, err := headline(like)
	if err != nil {
		t.Fatal(err)
	}
	want := "| request | both cached | both uncached |\n| --- | --- | --- |\n" +
		"| empty | 0.26× the time; 10 vs 76 allocations | 0.60× the time; 1,630 vs 2,920 allocations |\n"
	if md != want {
		t.Errorf("table:\n%s\nwant:\n%s", md, want)
	}
	if len(chart.rows) != 2 || chart.rows[1].name != "empty, both uncached" || chart.rows[1].values[1] != 600 {
		t.Errorf("chart rows: %+v", chart.rows)
	}
	bad, _ := parseTSV(strings.NewReader("request\tupstream µs\tours µs\nx\t1\t2\n"))
	if _, _, err := headline(bad); err == nil {
		t.Error("headline without the cache column did not fail")
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

// tsvRows counts the rows of a TSV results file.
func tsvRows(t *testing.T, name string) int {
	t.Helper()
	tb, err := readTSV(name)
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
	tb, err = parseTSV(strings.NewReader("label\tmode\tupstream\tours\nbig\tloop\tfailed after 507.8\t184\nsmall\tloop\t2\t1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.columns) != 2 || !slices.Equal(tb.labelColumns, []string{"mode"}) || !tb.rows[0].failed[0] || tb.rows[0].failed[1] ||
		tb.rows[0].values[0] != 507.8 || tb.rows[1].labels[0] != "loop" {
		t.Errorf("parsed %+v", tb)
	}
	for _, bad := range []string{"label\ta\tb\nx\t1\n", "label\ta\nx\t0\n", "# nothing\n", "label\ta\nx\tfailed after none\n",
		"label\tm\ta\nx\ttext\t1\ny\t2\tnope\n"} {
		if _, err := parseTSV(strings.NewReader(bad)); err == nil {
			t.Errorf("parseTSV(%q) did not fail", bad)
		}
	}
}
