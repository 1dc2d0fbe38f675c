package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// integrationDir returns dir, or when it is empty the integration module
// found from the working directory upwards (so that `go run ./tools/soak`
// works from anywhere in the repository).
func integrationDir(dir string) (string, error) {
	if dir != "" {
		return dir, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "integration", "server", "main.go")); err == nil {
			return filepath.Join(d, "integration"), nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no integration/server above %s; pass -integration", wd)
		}
	}
}

// buildServer builds the integration server with the codec tag into bin.
func buildServer(ctx context.Context, dir, tag, bin string) error {
	goCmd := os.Getenv("GO")
	if goCmd == "" {
		goCmd = "go"
	}
	cmd := exec.CommandContext(ctx, goCmd, "build", "-tags", tag, "-o", bin, "./server")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the server in %s with tag %q: %w\n%s", dir, tag, err, out)
	}
	return nil
}

// server is a running integration server process.
type server struct {
	cmd    *exec.Cmd
	stdin  io.Closer
	pid    int
	api    string // http://127.0.0.1:PORT/query
	debug  string // http://127.0.0.1:PORT/debug/pprof/
	codec  string
	probe  *http.Client
	exited chan struct{}
}

var (
	listeningLine = regexp.MustCompile(`^listening on (http://\S+) \(codec: ([^)]+)\)$`)
	debugLine     = regexp.MustCompile(`^debug on (http://\S+)$`)
)

// startServer starts bin on free loopback ports and waits for the lines in
// which it announces them (no sleeping: it prints them once listening).
// The server stops when its stdin closes, so it cannot outlive the soak.
func startServer(ctx context.Context, bin string) (*server, error) {
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-debug-addr", "127.0.0.1:0", "-stdin-eof")
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
	s := &server{cmd: cmd, stdin: stdin, pid: cmd.Process.Pid, exited: make(chan struct{}),
		probe: &http.Client{Timeout: 10 * time.Second}}
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
				s.api, s.codec = m[1], m[2]
			} else if m := debugLine.FindStringSubmatch(line); m != nil {
				s.debug = m[1]
			}
		case <-s.exited:
			return nil, fmt.Errorf("%s exited before it was listening", bin)
		case <-timeout.C:
			s.stop()
			return nil, fmt.Errorf("%s did not say where it listens within 30s", bin)
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		}
	}
	return s, nil
}

// stop closes the server's stdin (its signal to shut down gracefully) and
// kills it if it has not exited within ten seconds.
func (s *server) stop() {
	_ = s.stdin.Close()
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
}

// goroutines reads the server's goroutine count from its pprof endpoint.
func (s *server) goroutines(ctx context.Context) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.debug+"goroutine?debug=1", nil)
	if err != nil {
		return 0, err
	}
	resp, err := s.probe.Do(req)
	if err != nil {
		return 0, err
	}
	defer func() { _ = resp.Body.Close() }()
	first, err := bufio.NewReader(resp.Body).ReadString('\n')
	if err != nil {
		return 0, fmt.Errorf("reading the goroutine profile: %w", err)
	}
	// "goroutine profile: total N"
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(first, "goroutine profile: total ")))
	if err != nil {
		return 0, fmt.Errorf("goroutine profile header %q: %w", first, err)
	}
	return n, nil
}

// rss reads the server's resident set size from /proc, in bytes.
func (s *server) rss() (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.pid))
	if err != nil {
		return 0, err
	}
	for line := range bytes.Lines(b) {
		if v, ok := bytes.CutPrefix(line, []byte("VmRSS:")); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(string(v)), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, errors.New("no VmRSS in /proc status")
}

// sample is one reading of the server's RSS and goroutine count.
type sample struct {
	at         time.Time
	rss        int64
	goroutines int
	err        error
}

func (s *server) sample(ctx context.Context) sample {
	out := sample{at: time.Now()}
	out.rss, out.err = s.rss()
	if out.err == nil {
		out.goroutines, out.err = s.goroutines(ctx)
		if ctx.Err() != nil {
			out.err = nil // the probe was cut by the end of the load
		}
	}
	return out
}

// newTarget returns the shared client for the API: at most one idle
// connection per worker, and a per-request ceiling that a healthy server
// on the loopback never reaches.
func newTarget(api string, workers int) *target {
	tr := &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 10 * time.Second}).DialContext,
		MaxIdleConnsPerHost: workers,
		MaxConnsPerHost:     workers * 2,
		IdleConnTimeout:     30 * time.Second,
	}
	return &target{api: api, client: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
}
