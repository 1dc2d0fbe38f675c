// Command charts draws the user's guide's benchmark charts from benchstat's
// text output: time and allocations per request, upstream gqlgen against
// this module under each codec tag, one group of bars per benchmark.
//
//	go run ./docs/charts                       # reads docs/charts/benchstat.txt
//	go run ./docs/charts -in results/benchstat.txt -out docs/charts
//
// The input is what _examples/benchmark/compare.sh writes to
// $WORK/results/benchstat.txt (upstream as the base column). The output is
// hand-written SVG, deterministic for a given input, so the committed files
// can be checked against a regeneration (gen_test.go).
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
}

type row struct {
	name   string
	values []float64
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
var loopChart = chart{file: "loop.svg", title: "Edit, gqlgen generate, go build (s, log scale; lower is better; upstream fails at 2,000 types)",
	axis: "s", scale: 1, legend: []string{"upstream v0.17.98", "ours"}}

func main() {
	dir := filepath.Join("docs", "charts")
	in := flag.String("in", filepath.Join(dir, "benchstat.txt"), "benchstat text output to read")
	out := flag.String("out", dir, "directory to write the SVG files to")
	flag.Parse()

	files, err := render(*in)
	if err != nil {
		log.Fatal(err)
	}
	for name, svg := range files {
		if err := os.WriteFile(filepath.Join(*out, name), svg, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// render reads the benchstat file and returns every chart's SVG by file
// name.
func render(path string) (map[string][]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tables, err := parse(f)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	files := map[string][]byte{}
	for _, c := range charts {
		t, ok := tables[c.unit]
		if !ok {
			return nil, fmt.Errorf("%s: no %s section", path, c.unit)
		}
		files[c.file] = draw(c, t)
	}
	loop := filepath.Join(filepath.Dir(path), "loop.tsv")
	lf, err := os.Open(loop)
	if err != nil {
		return nil, err
	}
	defer lf.Close()
	t, err := parseTSV(lf)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", loop, err)
	}
	files[loopChart.file] = draw(loopChart, t)
	return files, nil
}

// parseTSV reads a table of tab-separated values: lines starting with #
// are comments, the first other line names the columns (after a label
// column), every further one is a label and one number per column.
func parseTSV(r io.Reader) (*table, error) {
	t := &table{}
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		if t.columns == nil {
			t.columns = fields[1:]
			continue
		}
		if len(fields) != len(t.columns)+1 {
			return nil, fmt.Errorf("line %d: %d values for %d columns", line, len(fields)-1, len(t.columns))
		}
		r := row{name: fields[0]}
		for _, f := range fields[1:] {
			v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || v <= 0 {
				return nil, fmt.Errorf("line %d: %q is not a positive number", line, f)
			}
			r.values = append(r.values, v)
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
	labelWidth = 190 // benchmark names, left of the plot
	plotWidth  = 470
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

	group := float64(len(t.columns)*barHeight + groupGap)
	height := top + float64(len(t.rows))*group + 30 + legendH

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
			fmt.Fprintf(&b, `<rect x="%d" y="%s" width="%s" height="%d" fill="%s"><title>%s %s: %s %s</title></rect>`+"\n",
				labelWidth, num(y), num(x1-labelWidth), barHeight-2, colours[j%len(colours)],
				escape(r.name), escape(t.columns[j]), value(v, c.counts), escape(c.axis))
			fmt.Fprintf(&b, `<text x="%s" y="%s" dominant-baseline="middle" font-size="9" fill="#333333">%s</text>`+"\n",
				num(x1+3), num(y+float64(barHeight-2)/2), value(v, c.counts))
		}
	}

	lx, ly := 10.0, height-legendH+8
	for j, name := range t.columns {
		label := name
		switch {
		case j < len(c.legend):
			label = c.legend[j]
		case j > 0 && name == "none":
			label = "ours, no tag (encoding/json)"
		case j > 0:
			label = "ours, -tags " + name
		}
		fmt.Fprintf(&b, `<rect x="%s" y="%s" width="10" height="10" fill="%s"/>`+"\n", num(lx), num(ly), colours[j%len(colours)])
		fmt.Fprintf(&b, `<text x="%s" y="%s" dominant-baseline="middle">%s</text>`+"\n", num(lx+14), num(ly+5), escape(label))
		lx += 14 + 7*float64(len(label)) + 16
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
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
