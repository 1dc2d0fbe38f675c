// Command measure times the hostile documents against a gqlgen of choice,
// each in a process of its own with a deadline, and prints a table: CPU
// time, wall time, peak memory and response size per document, or "did not
// finish in N s".
//
// It copies the hostile package's documents, schema and benchmark (files
// that use only API upstream gqlgen also has) into a temporary module that
// requires the chosen gqlgen, builds the test binary there and runs each
// benchmark once, on one core. From the repository root:
//
//	go run ./tools/hostile/measure                      # upstream v0.17.98 from the module proxy
//	go run ./tools/hostile/measure -gqlgen .            # this checkout
//	go run ./tools/hostile/measure -gqlgen /tmp/before  # another checkout of this module
//
// Flags: -timeout per document (default 60s), -run REGEXP measures only
// the documents whose name matches, -keep leaves the temporary module.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

const (
	upstreamVersion = "v0.17.98"
	gqlparser       = "github.com/vektah/gqlparser/v2 v2.5.64"
	tempModule      = "hostilemeasure"
)

// shared are the files of the hostile package that the temporary module
// gets: they import only what upstream has.
var shared = []string{"docs.go", "schema.go", "bench_test.go", "cpu_unix_test.go", "cpu_other_test.go"}

func main() {
	target := flag.String("gqlgen", "", "directory of a gqlgen checkout to measure (default: upstream "+upstreamVersion+")")
	timeout := flag.Duration("timeout", 60*time.Second, "deadline per document")
	keep := flag.Bool("keep", false, "keep the temporary module")
	only := flag.String("run", "", "measure only the documents whose name matches this regular expression")
	flag.Parse()
	log.SetFlags(0)
	filter, err := regexp.Compile(*only)
	if err != nil {
		log.Fatal(err)
	}
	if err := run(*target, *timeout, *keep, filter); err != nil {
		log.Fatal(err)
	}
}

func run(target string, timeout time.Duration, keep bool, filter *regexp.Regexp) error {
	src, err := packageDir()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "hostile-measure-")
	if err != nil {
		return err
	}
	if keep {
		log.Printf("temporary module: %s", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	for _, name := range shared {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	label := "upstream gqlgen " + upstreamVersion
	gomod := "module " + tempModule + "\n\ngo 1.26\n\nrequire (\n\tgithub.com/99designs/gqlgen " + upstreamVersion + "\n\t" + gqlparser + "\n)\n"
	if target != "" {
		abs, err := filepath.Abs(target)
		if err != nil {
			return err
		}
		label = "gqlgen at " + abs
		gomod = "module " + tempModule + "\n\ngo 1.26\n\nrequire (\n\tgithub.com/99designs/gqlgen v0.0.0\n\t" + gqlparser +
			"\n)\n\nreplace github.com/99designs/gqlgen => " + abs + "\n"
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	if err := goCmd(dir, "mod", "tidy"); err != nil {
		return err
	}
	if err := goCmd(dir, "test", "-c", "-o", "hostile.test", "."); err != nil {
		return err
	}
	names, err := caseNames(dir)
	if err != nil {
		return err
	}
	fmt.Printf("%s, one core, deadline %s per document\n\n", label, timeout)
	fmt.Println("| document | CPU | wall | peak RSS | response |")
	fmt.Println("| --- | ---: | ---: | ---: | ---: |")
	for _, name := range names {
		if filter.MatchString(name) {
			fmt.Println(measure(dir, name, timeout))
		}
	}
	return nil
}

// packageDir is the hostile package's directory, found from the module
// root that `go env GOMOD` names.
func packageDir() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	dir := filepath.Join(root, "tools", "hostile")
	if _, err := os.Stat(filepath.Join(dir, "docs.go")); err != nil {
		return "", fmt.Errorf("run this from inside the gqlgen repository: %w", err)
	}
	return dir, nil
}

func goCmd(dir string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return nil
}

// caseNames lists the sub-benchmarks of BenchmarkHostile.
func caseNames(dir string) ([]string, error) {
	out, err := exec.Command(filepath.Join(dir, "hostile.test"), "-test.list", "BenchmarkHostile").Output()
	if err != nil || !strings.Contains(string(out), "BenchmarkHostile") {
		return nil, fmt.Errorf("listing benchmarks: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "docs.go"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range regexp.MustCompile(`Name: "([^"]+)"`).FindAllSubmatch(b, -1) {
		names = append(names, string(m[1]))
	}
	return names, nil
}

// measure runs one benchmark once in its own process.
func measure(dir, name string, timeout time.Duration) string {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	pattern := "^BenchmarkHostile$/^" + regexp.QuoteMeta(name) + "$"
	cmd := exec.CommandContext(ctx, filepath.Join(dir, "hostile.test"),
		"-test.run", "^$", "-test.bench", pattern, "-test.benchtime", "1x", "-test.cpu", "1", "-test.benchmem")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	rss, cpu := "?", time.Duration(0)
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			rss = fmt.Sprintf("%d MB", ru.Maxrss/1024)
			cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("| %s | did not finish in %s (%s of CPU used) | | %s | |",
			name, timeout, cpu.Round(100*time.Millisecond), rss)
	}
	if err != nil {
		return fmt.Sprintf("| %s | failed: %v | | %s | |", name, err, rss)
	}
	m := regexp.MustCompile(`\s([\d.e+]+) ns/op\s+([\d.e+]+) cpu-ns/op\s+([\d.e+]+) response-bytes`).FindStringSubmatch(out.String())
	if m == nil {
		return fmt.Sprintf("| %s | no result (%s wall for the process) | | %s | |", name, wall.Round(time.Millisecond), rss)
	}
	return fmt.Sprintf("| %s | %s | %s | %s | %.0f B |", name, nsString(m[2]), nsString(m[1]), rss, number(m[3]))
}

// number reads a figure as the benchmark printed it (17, 16.00, 1.2e+06).
func number(s string) float64 {
	var f float64
	fmt.Sscan(s, &f)
	return f
}

func nsString(ns string) string {
	return time.Duration(number(ns)).Round(100 * time.Microsecond).String()
}
