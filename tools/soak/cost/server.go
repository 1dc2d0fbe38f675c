package main

import (
	"bufio"
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// harness is the server's main, schema, configuration and resolvers,
// copied into each side's temporary module.
//
//go:embed testdata/server
var harness embed.FS

// repoRoot finds this module's root from the working directory upwards.
func repoRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && strings.HasPrefix(string(b), "module github.com/99designs/gqlgen\n") {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no github.com/99designs/gqlgen module above %s", wd)
		}
	}
}

// run runs a command in dir, its output in the error.
func run(ctx context.Context, dir string, env []string, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s in %s: %w\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return nil
}

// buildSide writes the harness into work/side as module costserver,
// requiring gqlgen at upstream (replaced by repo when repo is not empty),
// runs that gqlgen's generator in it and builds the server into bin. The
// generated code stays in the temporary module.
func buildSide(ctx context.Context, work, side, upstream, repo, bin string) error {
	dir := filepath.Join(work, side)
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	sub, err := fs.Sub(harness, "testdata/server")
	if err != nil {
		return err
	}
	if err := os.CopyFS(dir, sub); err != nil {
		return err
	}
	mod := "module costserver\n\ngo 1.26.0\n\nrequire github.com/99designs/gqlgen " + upstream + "\n"
	if repo != "" {
		mod += "\nreplace github.com/99designs/gqlgen => " + repo + "\n"
	}
	tools := "//go:build tools\n\npackage tools\n\nimport _ \"github.com/99designs/gqlgen\"\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "tools.go"), []byte(tools), 0o644); err != nil {
		return err
	}
	goCmd := goCommand()
	// The first tidy cannot see the generated code yet: -e, and its
	// errors are the generator's to report.
	_ = run(ctx, dir, nil, goCmd, "mod", "tidy", "-e")
	if err := run(ctx, dir, nil, goCmd, "run", "github.com/99designs/gqlgen", "generate"); err != nil {
		return err
	}
	if err := run(ctx, dir, nil, goCmd, "mod", "tidy"); err != nil {
		return err
	}
	return run(ctx, dir, nil, goCmd, "build", "-o", bin, ".")
}

func goCommand() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

// server is one running server process.
type server struct {
	name   string
	cmd    *exec.Cmd
	stdin  io.Closer
	pid    int
	api    string // http://HOST:PORT/query
	debug  string // http://HOST:PORT/debug/
	probe  *http.Client
	exited chan struct{}
}

var (
	listeningLine = regexp.MustCompile(`^listening on (http://\S+)$`)
	debugLine     = regexp.MustCompile(`^debug on (http://\S+)$`)
)

// start starts bin with args and waits for the two lines in which it says
// where it listens. It stops when its stdin closes.
func start(ctx context.Context, name, bin string, args ...string) (*server, error) {
	cmd := exec.Command(bin, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	s := &server{name: name, cmd: cmd, stdin: stdin, pid: cmd.Process.Pid, exited: make(chan struct{}),
		probe: &http.Client{Timeout: time.Minute}}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-s.exited:
				return
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	go func() {
		_ = cmd.Wait()
		close(s.exited)
	}()
	timeout := time.NewTimer(30 * time.Second)
	defer timeout.Stop()
	for s.api == "" || s.debug == "" {
		select {
		case line := <-lines:
			if m := listeningLine.FindStringSubmatch(line); m != nil {
				s.api = m[1]
			} else if m := debugLine.FindStringSubmatch(line); m != nil {
				s.debug = m[1]
			}
		case <-s.exited:
			return nil, fmt.Errorf("%s (%s) exited before it was listening", name, bin)
		case <-timeout.C:
			s.stop()
			return nil, fmt.Errorf("%s did not say where it listens within 30s", name)
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		}
	}
	return s, nil
}

// stop closes the server's stdin and kills it if it is still running ten
// seconds later.
func (s *server) stop() {
	_ = s.stdin.Close()
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
}

// fetch GETs a debug path and returns the body.
func (s *server) fetch(ctx context.Context, path string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.debug+path, nil)
	if err != nil {
		return nil, err
	}
	resp, err := s.probe.Do(req)
	if err != nil {
		return nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s%s: %s: %s", s.debug, path, resp.Status, b)
	}
	return b, err
}

// snapshot is the server's counters at one moment.
type snapshot struct {
	at       time.Time
	cpuNS    int64
	objects  uint64
	bytes    uint64
	requests int64
}

// snap reads the server's CPU time and allocation counters.
func (s *server) snap(ctx context.Context, requests int64) (snapshot, error) {
	out := snapshot{at: time.Now(), requests: requests}
	var err error
	if out.cpuNS, err = procCPU(s.pid); err != nil {
		return out, err
	}
	b, err := s.fetch(ctx, "allocs")
	if err != nil {
		return out, err
	}
	out.objects, out.bytes, err = parseAllocs(b)
	return out, err
}
