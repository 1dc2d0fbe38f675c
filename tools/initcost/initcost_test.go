package initcost

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"testing"
)

func parse(t *testing.T, src string) []*ast.File {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	return []*ast.File{f}
}

func TestMeasure(t *testing.T) {
	for _, tc := range []struct {
		name    string
		src     string
		largest int
		sets    [][]string
		work    int64
	}{
		{
			name: "calls both ways make a set",
			src: `package p
type ec struct{}
func (e *ec) a() { e.b() }
func (e *ec) b() { e.c(); e.a() }
func (e *ec) c() {}
`,
			largest: 2,
			sets:    [][]string{{"ec.a", "ec.b"}},
			// removing c joins nothing; removing b (callers a, callees
			// a and c, self-edges left out) joins a to c; a is left with
			// no callers.
			work: 1,
		},
		{
			name: "a variable set by init breaks the cycle",
			src: `package p
type ec struct{}
var late_a func(*ec)
func init() { late_a = (*ec).a }
func (e *ec) a() { e.b() }
func (e *ec) b() { late_a(e) }
`,
			largest: 1,
		},
		{
			name: "variable initializers keep their references",
			src: `package p
var info = child
func child() int { return other() }
func other() int { return len(table) }
var table = []int{1}
`,
			largest: 1,
			// removing other joins child to table, removing child joins
			// info to table.
			work: 2,
		},
		{
			name: "function values and method expressions are references",
			src: `package p
type ec struct{}
func (e *ec) a() func(*ec) { return (*ec).b }
func (e *ec) b() { f := g; f() }
func g() { var e ec; _ = e.a }
`,
			largest: 3,
			sets:    [][]string{{"ec.a", "ec.b", "g"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Measure(parse(t, tc.src), 1000)
			if r.LargestSCC != tc.largest {
				t.Errorf("LargestSCC = %d, want %d", r.LargestSCC, tc.largest)
			}
			if !reflect.DeepEqual(r.Sets, tc.sets) {
				t.Errorf("Sets = %v, want %v", r.Sets, tc.sets)
			}
			if tc.work != 0 && r.Work != tc.work {
				t.Errorf("Work = %d, want %d", r.Work, tc.work)
			}
		})
	}
}

func TestMeasureBudget(t *testing.T) {
	// A clique of functions: every removal joins all the others.
	src := "package p\n"
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	for _, n := range names {
		src += "func " + n + "() {"
		for _, m := range names {
			if m != n {
				src += " " + m + "();"
			}
		}
		src += " }\n"
	}
	full := Measure(parse(t, src), 1e6)
	if full.WorkCapped || full.LargestSCC != len(names) || full.Work == 0 {
		t.Fatalf("full run: %+v", full)
	}
	capped := Measure(parse(t, src), 10)
	if !capped.WorkCapped || capped.Work > 10+int64(len(names)) {
		t.Errorf("budget 10: work %d, capped %v", capped.Work, capped.WorkCapped)
	}
}
