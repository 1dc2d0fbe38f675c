// Command loop times the developer's loop of a gqlgen project, this
// checkout against upstream gqlgen: edit the schema, `gqlgen generate`,
// `go build ./...`, on ORM-like schemas of several sizes. See README.md.
//
//	cd _examples/benchmark && go run ./loop     # or: make loop
//
// Environment (defaults in parentheses): LOOP_SIZES (300,2000), LOOP_ROUNDS
// (3), LOOP_SIDES (ours,upstream), LOOP_WORK (a new temporary directory),
// LOOP_OURS (the checkout two directories up), LOOP_UPSTREAM (v0.17.98, or
// the directory of another checkout of this module to compare with),
// LOOP_RESOLVER_YAML (lines added to ours' resolver: section, e.g.
// "defined_resolver_types: true"), LOOP_YAML (top-level lines added to
// both sides' gqlgen.yml, e.g. "use_function_syntax_for_execution_context:
// true"), LOOP_COMPILE (1; 0 skips the
// compile-alone measurement), LOOP_TIMEOUT (90m, per command).
// LOOP_SHAPE (type-resolvers: a relation with arguments on every type, so
// a resolver type per object type; root-resolvers: arguments only on Query
// and Mutation fields, so two resolver types).
// LOOP_PRINT_SCHEMA=N prints the schema of N types and exits.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// settings are the knobs, read from the environment.
type settings struct {
	sizes        []int
	rounds       int
	sides        []string
	work         string
	ours         string
	upstream     string
	upstreamDir  string // LOOP_UPSTREAM as a directory: another checkout of this module
	resolverYAML string
	extraYAML    string
	shape        string
	compile      bool
	timeout      time.Duration
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func readSettings() (settings, error) {
	var s settings
	for _, f := range strings.Split(env("LOOP_SIZES", "300,2000"), ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 2 {
			return s, fmt.Errorf("LOOP_SIZES: %q is not a size (an integer >= 2)", f)
		}
		s.sizes = append(s.sizes, n)
	}
	var err error
	if s.rounds, err = strconv.Atoi(env("LOOP_ROUNDS", "3")); err != nil || s.rounds < 1 {
		return s, fmt.Errorf("LOOP_ROUNDS: want an integer >= 1")
	}
	for _, side := range strings.Split(env("LOOP_SIDES", "ours,upstream"), ",") {
		if side != "ours" && side != "upstream" {
			return s, fmt.Errorf("LOOP_SIDES: %q is neither ours nor upstream", side)
		}
		s.sides = append(s.sides, side)
	}
	if s.timeout, err = time.ParseDuration(env("LOOP_TIMEOUT", "90m")); err != nil {
		return s, fmt.Errorf("LOOP_TIMEOUT: %w", err)
	}
	if s.ours, err = filepath.Abs(env("LOOP_OURS", "../..")); err != nil {
		return s, err
	}
	if _, err := os.Stat(filepath.Join(s.ours, "codegen", "config")); err != nil {
		return s, fmt.Errorf("LOOP_OURS=%s is not a gqlgen checkout (run from _examples/benchmark or set LOOP_OURS)", s.ours)
	}
	s.upstream = env("LOOP_UPSTREAM", "v0.17.98")
	if strings.HasPrefix(s.upstream, "/") || strings.HasPrefix(s.upstream, ".") {
		// A directory: another checkout of this module stands in for
		// upstream (the code before a change, say).
		if s.upstreamDir, err = filepath.Abs(s.upstream); err != nil {
			return s, err
		}
		if _, err := os.Stat(filepath.Join(s.upstreamDir, "codegen", "config")); err != nil {
			return s, fmt.Errorf("LOOP_UPSTREAM=%s is neither a version nor a gqlgen checkout", s.upstream)
		}
	}
	s.resolverYAML = os.Getenv("LOOP_RESOLVER_YAML")
	s.extraYAML = os.Getenv("LOOP_YAML")
	if s.shape = env("LOOP_SHAPE", shapeTypeResolvers); s.shape != shapeTypeResolvers && s.shape != shapeRootResolvers {
		return s, fmt.Errorf("LOOP_SHAPE: %q is neither %s nor %s", s.shape, shapeTypeResolvers, shapeRootResolvers)
	}
	s.compile = env("LOOP_COMPILE", "1") != "0"
	s.work = os.Getenv("LOOP_WORK")
	if s.work == "" {
		if s.work, err = os.MkdirTemp("", "gqlgen-loop."); err != nil {
			return s, err
		}
	}
	return s, nil
}

// step is one timed thing of one round.
type step string

const (
	stepGenerate step = "generate"
	stepBuild    step = "build"
	stepLoop     step = "loop"    // generate, then build
	stepCompile  step = "compile" // the compiler on the generated package alone
)

// failKey names a side at a size.
type failKey struct {
	size int
	side string
}

// result is one measurement.
type result struct {
	size  int
	side  string
	round int
	step  step
	u     usage
}

func main() {
	if asToolexec() {
		return
	}
	if n := os.Getenv("LOOP_PRINT_SCHEMA"); n != "" {
		size, err := strconv.Atoi(n)
		if err != nil || size < 2 {
			fmt.Fprintln(os.Stderr, "loop: LOOP_PRINT_SCHEMA wants a size (an integer >= 2)")
			os.Exit(2)
		}
		fmt.Print(ormSchema(size, 0, env("LOOP_SHAPE", shapeTypeResolvers)))
		return
	}
	s, err := readSettings()
	if err != nil {
		fmt.Fprintln(os.Stderr, "loop:", err)
		os.Exit(2)
	}
	if err := runAll(s); err != nil {
		fmt.Fprintln(os.Stderr, "loop:", err)
		os.Exit(1)
	}
}

func logf(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "%s  "+format+"\n", append([]any{time.Now().UTC().Format("15:04:05")}, a...)...)
}

func runAll(s settings) error {
	logf("work directory %s; ours %s; upstream %s", s.work, s.ours, s.upstream)
	if err := os.MkdirAll(s.work, 0o755); err != nil {
		return err
	}
	rec, err := os.Create(filepath.Join(s.work, "results.tsv"))
	if err != nil {
		return err
	}
	defer rec.Close()
	fmt.Fprintln(rec, "size\tside\tround\tstep\twall_ms\tcpu_ms\tpeak_rss_kb")
	var results []result
	failures := map[failKey]string{}
	for _, n := range s.sizes {
		mods := map[string]*project{}
		for _, side := range s.sides {
			p, err := newProject(s, n, side)
			if err != nil {
				return err
			}
			mods[side] = p
		}
		// Round 0 warms the caches (module downloads, the generator
		// binary, the dependencies' packages) and is not recorded. A side
		// that fails is reported and left out of the remaining rounds of
		// that size: whether a side copes with a size is a result too.
		for round := 0; round <= s.rounds; round++ {
			order := slices.Clone(s.sides)
			if round%2 == 1 {
				slices.Reverse(order)
			}
			for _, side := range order {
				if failures[failKey{n, side}] != "" {
					continue
				}
				rs, err := mods[side].round(s, round)
				if err != nil {
					msg := fmt.Sprintf("round %d: %v", round, err)
					logf("%d types, %s FAILED: %s", n, side, msg)
					failures[failKey{n, side}] = msg
					fmt.Fprintf(rec, "%d\t%s\t%d\tfailed\t\t\t\n", n, side, round)
					continue
				}
				if round == 0 {
					continue
				}
				for _, r := range rs {
					fmt.Fprintf(rec, "%d\t%s\t%d\t%s\t%d\t%d\t%d\n", r.size, r.side, r.round, r.step,
						r.u.wall.Milliseconds(), r.u.cpu.Milliseconds(), r.u.peakKB)
					results = append(results, r)
				}
			}
		}
	}
	fmt.Println(report(s, results, failures))
	logf("raw results in %s", rec.Name())
	return nil
}
