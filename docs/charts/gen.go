// Command charts draws the benchmark charts of the README and the user's
// guide, and writes their tables of figures, from the results files in
// docs/charts: benchstat.txt (time and allocations per request, upstream
// gqlgen against this module under each codec tag), likeforlike.tsv (both
// sides with the same query cache setting) and loop.tsv (the developer's
// loop). Every figure the README and docs/performance.md show in a table
// between <!-- charts:NAME --> and <!-- /charts:NAME --> lines comes from
// these files; the blocks are rewritten in place.
//
//	go run ./docs/charts                       # from the repository root; or: make charts
//	go run ./docs/charts -in results/benchstat.txt -out docs/charts -root .
//
// benchstat.txt is what _examples/benchmark/compare.sh writes to
// $WORK/results/benchstat.txt (upstream as the base column). The output is
// hand-written SVG and Markdown, deterministic for a given input, so the
// committed files can be checked against a regeneration (gen_test.go).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// table is one benchstat section: a unit, the column names (the first is the
// base, upstream) and, per benchmark in input order, one value per column in
// the unit's base quantity (seconds, bytes, allocations).
type table struct {
	unit    string
	columns []string
	rows    []row
	// labelColumns name a TSV file's text columns (see parseTSV).
	labelColumns []string
}

type row struct {
	name   string
	values []float64
	// failed marks the values that are the time a run took to fail (a
	// "failed after N" cell of a TSV file), drawn as a failure, not a bar.
	failed []bool
	labels []string // a TSV row's text cells, one per labelColumns
}

// chart says which section to draw, how to scale its values for display
// and where to write it.
type chart struct {
	file, unit, title, axis string
	scale                   float64
	counts                  bool     // whole numbers: labels without decimals
	legend                  []string // the columns' labels, if not the codecs'
}

var charts = []chart{
	{file: "time.svg", unit: "sec/op", title: "Time per request (µs, log scale; lower is better)", axis: "µs", scale: 1e6},
	{file: "allocs.svg", unit: "allocs/op", title: "Allocations per request (log scale; lower is better)", axis: "allocs", scale: 1, counts: true},
}

// loopChart draws loop.tsv, the developer's loop figures of
// _examples/benchmark/loop (see its README), beside benchstat.txt.
var loopChart = chart{file: "loop.svg", title: "Edit, gqlgen generate, go build (s, log scale; lower is better)",
	axis: "s", scale: 1, legend: []string{"upstream v0.17.98", "ours"}}

// headlineChart draws the time columns of likeforlike.tsv: the README's
// chart.
var headlineChart = chart{file: "headline.svg", title: "Time per request, same query cache setting on both sides (µs, log scale)",
	axis: "µs", scale: 1, legend: []string{"upstream gqlgen v0.17.98", "this module (no codec tag)"}}

// benchWords names the benchmarks of benchstat.txt in words: a short label
// for the charts and a longer one for the table. A benchmark missing here
// is an error, so that a new one gets its words.
var benchWords = map[string]struct{ label, long string }{
	"TodosEmpty_New":           {"empty, handler.New (ours cached)", "empty result, `handler.New` (ours caches documents, upstream does not)"},
	"TodosEmpty_DefaultServer": {"empty, default server", "empty result, `handler.NewDefaultServer` (both cache documents)"},
	"Todos100":                 {"100 todos with users", "100 todos with their users (8 KB)"},
	"Variables3":               {"query with 3 variables", "query with 3 variables"},
	"MutationInput":            {"input-object mutation", "mutation with an input-object variable"},
	"FirstSeenQuery":           {"first-seen query", "first-seen query (parsed and validated on both sides)"},
}

// docFiles are the Markdown files, relative to the repository root, whose
// charts: blocks this command writes.
var docFiles = []string{"README.md", filepath.Join("docs", "performance.md")}

func main() {
	dir := filepath.Join("docs", "charts")
	in := flag.String("in", filepath.Join(dir, "benchstat.txt"), "benchstat text output to read (loop.tsv and likeforlike.tsv are read beside it)")
	out := flag.String("out", dir, "directory to write the SVG files to")
	root := flag.String("root", ".", "repository root, where the Markdown files with charts: blocks are")
	flag.Parse()

	r, err := render(*in)
	if err != nil {
		log.Fatal(err)
	}
	for name, svg := range r.svg {
		if err := os.WriteFile(filepath.Join(*out, name), svg, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	for _, name := range docFiles {
		path := filepath.Join(*root, name)
		doc, err := os.ReadFile(path)
		if err != nil {
			log.Fatal(err)
		}
		filled, err := fill(doc, r.blocks)
		if err != nil {
			log.Fatalf("%s: %v", path, err)
		}
		if err := os.WriteFile(path, filled, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// rendered is everything drawn from the results files: SVG files by name
// and Markdown blocks by the name of their charts: marker.
type rendered struct {
	svg    map[string][]byte
	blocks map[string]string
}

// render reads the benchstat file, and loop.tsv and likeforlike.tsv beside
// it, and returns every chart and table.
func render(path string) (*rendered, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tables, err := parse(f)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	r := &rendered{svg: map[string][]byte{}, blocks: map[string]string{}}
	for _, c := range charts {
		t, ok := tables[c.unit]
		if !ok {
			return nil, fmt.Errorf("%s: no %s section", path, c.unit)
		}
		words, err := inWords(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		r.svg[c.file] = draw(c, words)
	}
	if r.blocks["benchstat"], err = benchstatTable(tables); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}

	loop, err := readTSV(filepath.Join(filepath.Dir(path), "loop.tsv"))
	if err != nil {
		return nil, err
	}
	r.svg[loopChart.file] = draw(loopChart, loop)

	like, err := readTSV(filepath.Join(filepath.Dir(path), "likeforlike.tsv"))
	if err != nil {
		return nil, err
	}
	chart, table, err := headline(like)
	if err != nil {
		return nil, fmt.Errorf("likeforlike.tsv: %w", err)
	}
	r.svg[headlineChart.file] = draw(headlineChart, chart)
	r.blocks["headline"] = table
	return r, nil
}

func readTSV(path string) (*table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := parseTSV(f)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return t, nil
}

// inWords returns a copy of a benchstat table with its rows named in
// words for a chart.
func inWords(t *table) (*table, error) {
	out := &table{unit: t.unit, columns: t.columns}
	for _, r := range t.rows {
		w, ok := benchWords[r.name]
		if !ok {
			return nil, fmt.Errorf("benchmark %s has no words in benchWords (gen.go)", r.name)
		}
		r.name = w.label
		out.rows = append(out.rows, r)
	}
	return out, nil
}

// benchstatTable is the table of docs/performance.md: allocations and the
// time ratio of the no-tag binary to upstream, per benchmark.
func benchstatTable(tables map[string]*table) (string, error) {
	secs, allocs := tables["sec/op"], tables["allocs/op"]
	if secs == nil || allocs == nil || len(secs.rows) != len(allocs.rows) {
		return "", fmt.Errorf("want sec/op and allocs/op sections with the same benchmarks")
	}
	none := slices.Index(secs.columns, "none")
	if none < 1 || secs.columns[0] != "upstream" {
		return "", fmt.Errorf("want upstream as the base column and a none column, have %v", secs.columns)
	}
	var b strings.Builder
	b.WriteString("| request | allocations ours (upstream) | time ours/upstream |\n| --- | --- | --- |\n")
	for i, r := range secs.rows {
		w, ok := benchWords[r.name]
		if !ok {
			return "", fmt.Errorf("benchmark %s has no words in benchWords (gen.go)", r.name)
		}
		a := allocs.rows[i]
		fmt.Fprintf(&b, "| %s | %s (%s) | %s× |\n", w.long, count(a.values[none]), count(a.values[0]), ratio(r.values[none]/r.values[0]))
	}
	return b.String(), nil
}

// headline splits likeforlike.tsv (request, cache, upstream µs, ours µs,
// upstream allocs, ours allocs) into the chart's table (time only, one row
// per request and cache setting) and the README's Markdown table (one row
// per request, a column per cache setting).
func headline(t *table) (*table, string, error) {
	want := []string{"upstream µs", "ours µs", "upstream allocs", "ours allocs"}
	if !slices.Equal(t.labelColumns, []string{"cache"}) || !slices.Equal(t.columns, want) {
		return nil, "", fmt.Errorf("columns %v then %v, want cache then %v", t.labelColumns, t.columns, want)
	}
	chart := &table{columns: []string{"upstream", "ours"}}
	var settings, requests []string
	cells := map[[2]string]string{}
	for _, r := range t.rows {
		req, setting := r.name, r.labels[0]
		chart.rows = append(chart.rows, row{name: req + ", both " + setting, values: r.values[:2], failed: r.failed[:2]})
		if !slices.Contains(requests, req) {
			requests = append(requests, req)
		}
		if !slices.Contains(settings, setting) {
			settings = append(settings, setting)
		}
		cells[[2]string{req, setting}] = fmt.Sprintf("%s× the time; %s vs %s allocations",
			ratio(r.values[1]/r.values[0]), count(r.values[3]), count(r.values[2]))
	}
	var b strings.Builder
	b.WriteString("| request |")
	for _, s := range settings {
		fmt.Fprintf(&b, " both %s |", s)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(settings)) + "\n")
	for _, req := range requests {
		fmt.Fprintf(&b, "| %s |", req)
		for _, s := range settings {
			c, ok := cells[[2]string{req, s}]
			if !ok {
				return nil, "", fmt.Errorf("%s has no %s row", req, s)
			}
			fmt.Fprintf(&b, " %s |", c)
		}
		b.WriteString("\n")
	}
	return chart, b.String(), nil
}

// ratio formats ours/upstream with two decimals.
func ratio(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// count formats a whole number with thousands separators, as the docs write
// them.
func count(v float64) string {
	s := strconv.FormatFloat(math.Round(v), 'f', -1, 64)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// fill replaces the body of every charts: block of a Markdown document
// with the block of that name; a block without a body, an unknown name or
// an unclosed block is an error.
func fill(doc []byte, blocks map[string]string) ([]byte, error) {
	var out strings.Builder
	rest := string(doc)
	for {
		i := strings.Index(rest, "<!-- charts:")
		if i < 0 {
			out.WriteString(rest)
			return []byte(out.String()), nil
		}
		end := strings.Index(rest[i:], " -->\n")
		if end < 0 {
			return nil, fmt.Errorf("unterminated charts: marker")
		}
		name := rest[i+len("<!-- charts:") : i+end]
		body, ok := blocks[name]
		if !ok {
			return nil, fmt.Errorf("unknown charts: block %q", name)
		}
		closing := "<!-- /charts:" + name + " -->"
		j := strings.Index(rest, closing)
		if j < i {
			return nil, fmt.Errorf("charts:%s has no %s line", name, closing)
		}
		out.WriteString(rest[:i+end+len(" -->\n")])
		out.WriteString(body)
		out.WriteString(closing)
		rest = rest[j+len(closing):]
	}
}

// failedPrefix marks a TSV cell that is the time a run took to fail.
const failedPrefix = "failed after "

// parseTSV reads a table of tab-separated values: lines starting with #
// are comments, the first other line names the columns (after a label
// column), every further one is a label and one value per column. A value
// is a positive number, or "failed after N" for a run that failed after N;
// in the columns where the first row has a value that is not a number
// (text columns, such as likeforlike.tsv's cache setting), every row has
// text, kept in row.labels, and the column is left out of t.columns.
func parseTSV(r io.Reader) (*table, error) {
	t := &table{}
	var text []bool // per column: a text column
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		src := sc.Text()
		if strings.TrimSpace(src) == "" || strings.HasPrefix(src, "#") {
			continue
		}
		fields := strings.Split(src, "\t")
		if t.columns == nil && text == nil {
			t.columns = fields[1:]
			continue
		}
		if len(fields) != len(t.columns)+1+len(t.labelColumns) {
			return nil, fmt.Errorf("line %d: %d values for %d columns", line, len(fields)-1, len(t.columns)+len(t.labelColumns))
		}
		if text == nil {
			// The first row decides which columns hold text.
			var numeric []string
			for i, f := range fields[1:] {
				_, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
				text = append(text, err != nil && !strings.HasPrefix(f, failedPrefix))
				if text[i] {
					t.labelColumns = append(t.labelColumns, t.columns[i])
				} else {
					numeric = append(numeric, t.columns[i])
				}
			}
			t.columns = numeric
		}
		r := row{name: fields[0]}
		for i, f := range fields[1:] {
			if text[i] {
				r.labels = append(r.labels, f)
				continue
			}
			c, err := parseCell(f)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
			r.values = append(r.values, c.v)
			r.failed = append(r.failed, c.failed)
		}
		t.rows = append(t.rows, r)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(t.rows) == 0 {
		return nil, fmt.Errorf("no rows")
	}
	return t, nil
}

// tsvCell is one value of a TSV file.
type tsvCell struct {
	v      float64
	failed bool
}

// parseCell reads a positive number, or "failed after N".
func parseCell(f string) (tsvCell, error) {
	f = strings.TrimSpace(f)
	rest, failed := strings.CutPrefix(f, failedPrefix)
	v, err := strconv.ParseFloat(rest, 64)
	if err != nil || v <= 0 {
		return tsvCell{}, fmt.Errorf("%q is not a positive number nor %q and one", f, failedPrefix)
	}
	return tsvCell{v: v, failed: failed}, nil
}

// cell matches one column's median and its interval, "45.123µ ± 12%".
var cell = regexp.MustCompile(`(\S+) ±\s+\S+`)

// parse reads benchstat's default text format: a header line of column
// names between │ marks, a line of units, then one line per benchmark; the
// geomean line and blank lines end a section.
func parse(r io.Reader) (map[string]*table, error) {
	tables := map[string]*table{}
	var cur *table
	var columns []string
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		switch {
		case strings.HasPrefix(strings.TrimSpace(text), "│") && columns == nil:
			columns = barFields(text)
		case strings.HasPrefix(strings.TrimSpace(text), "│"):
			units := barFields(text)
			if len(units) != len(columns) {
				return nil, fmt.Errorf("line %d: %d units for %d columns", line, len(units), len(columns))
			}
			cur = &table{unit: strings.Fields(units[0])[0], columns: columns}
			tables[cur.unit] = cur
			columns = nil
		case cur != nil && strings.TrimSpace(text) != "" && !strings.HasPrefix(text, "geomean"):
			name, values, err := parseRow(text, len(cur.columns))
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
			cur.rows = append(cur.rows, row{name: name, values: values})
		default:
			cur = nil
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(tables) == 0 {
		return nil, fmt.Errorf("no benchstat tables found")
	}
	return tables, nil
}

// barFields splits a header line at its │ marks and trims each name.
func barFields(line string) []string {
	var out []string
	for _, f := range strings.Split(line, "│") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// parseRow reads a benchmark line: its name without the -GOMAXPROCS suffix
// and the median of each column.
func parseRow(text string, columns int) (string, []float64, error) {
	name := strings.Fields(text)[0]
	if i := strings.LastIndexByte(name, '-'); i > 0 {
		if _, err := strconv.Atoi(name[i+1:]); err == nil {
			name = name[:i]
		}
	}
	cells := cell.FindAllStringSubmatch(text, -1)
	if len(cells) != columns {
		return "", nil, fmt.Errorf("%s: %d values for %d columns", name, len(cells), columns)
	}
	values := make([]float64, columns)
	for i, c := range cells {
		v, err := parseQuantity(c[1])
		if err != nil {
			return "", nil, fmt.Errorf("%s: %w", name, err)
		}
		values[i] = v
	}
	return name, values, nil
}

// suffixes are the scale suffixes benchstat writes after a number.
var suffixes = []struct {
	s string
	f float64
}{
	{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30},
	{"n", 1e-9}, {"µ", 1e-6}, {"m", 1e-3}, {"k", 1e3}, {"M", 1e6}, {"G", 1e9},
}

func parseQuantity(s string) (float64, error) {
	factor := 1.0
	for _, x := range suffixes {
		if strings.HasSuffix(s, x.s) {
			s, factor = strings.TrimSuffix(s, x.s), x.f
			break
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("bad quantity %q", s)
	}
	return v * factor, nil
}

// Layout, in SVG user units.
const (
	width      = 760
	labelWidth = 230 // row labels, left of the plot
	plotWidth  = 410
	valueWidth = 90 // value labels right of the longest bar
	barHeight  = 11
	groupGap   = 12
	top        = 48
	legendH    = 26
)

// colours per column: upstream grey, then one per codec.
var colours = []string{"#9e9e9e", "#1f77b4", "#2ca02c", "#d62728", "#9467bd", "#ff7f0e", "#8c564b"}

// draw renders one horizontal grouped bar chart on a log axis, which keeps
// both upstream's and the codecs' bars readable though they differ tenfold.
func draw(c chart, t *table) []byte {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range t.rows {
		for _, v := range r.values {
			lo, hi = math.Min(lo, v*c.scale), math.Max(hi, v*c.scale)
		}
	}
	// The axis starts at least a factor of two below the smallest value, so
	// that its bar has a visible length even when it is a power of ten.
	first, last := math.Floor(math.Log10(lo/2)), math.Ceil(math.Log10(hi))
	if last == first {
		last++
	}
	x := func(v float64) float64 {
		return labelWidth + plotWidth*(math.Log10(v)-first)/(last-first)
	}

	// The legend's entries, left to right, wrapped onto more lines when
	// they do not fit the width.
	type entry struct {
		x, y  float64
		label string
	}
	var legend []entry
	lx, lines := 10.0, 1
	for j := range t.columns {
		label := columnLabel(c, t, j)
		w := 14 + 6.8*float64(len([]rune(label))) + 16
		if lx+w > width && lx > 10 {
			lx, lines = 10, lines+1
		}
		legend = append(legend, entry{lx, float64(lines-1) * legendH, label})
		lx += w
	}

	group := float64(len(t.columns)*barHeight + groupGap)
	height := top + float64(len(t.rows))*group + 30 + float64(lines)*legendH

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%s" viewBox="0 0 %d %s" font-family="sans-serif" font-size="11">`+"\n",
		width, num(height), width, num(height))
	fmt.Fprintf(&b, "<title>%s</title>\n", escape(c.title))
	b.WriteString(`<rect width="100%" height="100%" fill="#ffffff"/>` + "\n")
	fmt.Fprintf(&b, `<text x="%d" y="20" font-size="14" font-weight="bold">%s</text>`+"\n", 10, escape(c.title))

	axisBottom := top + float64(len(t.rows))*group
	for d := first; d <= last; d++ {
		gx := x(math.Pow(10, d))
		fmt.Fprintf(&b, `<line x1="%s" y1="%d" x2="%s" y2="%s" stroke="#dddddd"/>`+"\n", num(gx), top-6, num(gx), num(axisBottom))
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle" fill="#555555">%s</text>`+"\n", num(gx), num(axisBottom+14), tick(math.Pow(10, d)))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%s" text-anchor="end" fill="#555555">%s</text>`+"\n", labelWidth+plotWidth, num(axisBottom+28), escape(c.axis))

	for i, r := range t.rows {
		y0 := top + float64(i)*group
		fmt.Fprintf(&b, `<text x="%d" y="%s" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n",
			labelWidth-8, num(y0+float64(len(t.columns)*barHeight)/2), escape(r.name))
		for j, v := range r.values {
			v *= c.scale
			y := y0 + float64(j*barHeight)
			x1 := x(v)
			label := value(v, c.counts)
			if j < len(r.failed) && r.failed[j] {
				// A run that failed has no result: an empty outline as long
				// as the time it took to fail, said in words.
				label = "failed after " + value(v, true) + " " + c.axis
				fmt.Fprintf(&b, `<rect x="%d" y="%s" width="%s" height="%d" fill="none" stroke="#d62728" stroke-dasharray="3 2"><title>%s %s: %s</title></rect>`+"\n",
					labelWidth, num(y), num(x1-labelWidth), barHeight-2, escape(r.name), escape(columnLabel(c, t, j)), escape(label))
				fmt.Fprintf(&b, `<text x="%s" y="%s" dominant-baseline="middle" font-size="9" fill="#d62728">%s</text>`+"\n",
					num(x1+3), num(y+float64(barHeight-2)/2), escape(label))
				continue
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%s" width="%s" height="%d" fill="%s"><title>%s %s: %s %s</title></rect>`+"\n",
				labelWidth, num(y), num(x1-labelWidth), barHeight-2, colours[j%len(colours)],
				escape(r.name), escape(columnLabel(c, t, j)), label, escape(c.axis))
			fmt.Fprintf(&b, `<text x="%s" y="%s" dominant-baseline="middle" font-size="9" fill="#333333">%s</text>`+"\n",
				num(x1+3), num(y+float64(barHeight-2)/2), label)
		}
	}

	legendTop := height - float64(lines)*legendH + 8
	for j, e := range legend {
		fmt.Fprintf(&b, `<rect x="%s" y="%s" width="10" height="10" fill="%s"/>`+"\n", num(e.x), num(legendTop+e.y), colours[j%len(colours)])
		fmt.Fprintf(&b, `<text x="%s" y="%s" dominant-baseline="middle">%s</text>`+"\n", num(e.x+14), num(legendTop+e.y+5), escape(e.label))
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// columnLabel names column j in words: the chart's legend, or for
// benchstat's columns upstream and the codec tags.
func columnLabel(c chart, t *table, j int) string {
	name := t.columns[j]
	switch {
	case j < len(c.legend):
		return c.legend[j]
	case j == 0 && name == "upstream":
		return "upstream v0.17.98"
	case name == "none":
		return "ours, no tag (encoding/json)"
	case j > 0:
		return "ours, -tags " + name
	}
	return name
}

// num formats a coordinate with at most one decimal.
func num(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// value formats a measured value with three significant digits; counts
// without decimals.
func value(v float64, counts bool) string {
	switch {
	case v >= 100 || counts:
		return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

// tick formats a power of ten for the axis.
func tick(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func escape(s string) string { return escaper.Replace(s) }
