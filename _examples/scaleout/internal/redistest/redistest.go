// Package redistest runs a real redis-server for tests: its own process on
// a free 127.0.0.1 port, in a temporary directory, with persistence off,
// stopped when the test ends.
//
// When redis-server is not on PATH, Start installs the Debian package with
// apt-get (as root, apt-get update first). When that is not possible the
// test is skipped with a loud message, or fails when CI=true: CI must run
// these tests, not report them green.
package redistest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Server is a running redis-server.
type Server struct {
	// Addr is its host:port.
	Addr string

	cmd    *exec.Cmd
	exited chan struct{}
	stop   sync.Once
}

var (
	install    sync.Once
	binary     string
	installErr error
)

// Start runs a redis-server for t and stops it when t ends.
func Start(t testing.TB) *Server {
	t.Helper()
	install.Do(func() { binary, installErr = findOrInstall() })
	if installErr != nil {
		msg := "\n\n!!!! redis-server is not available, so this test did NOT run: " + installErr.Error() +
			"\n!!!! install it (apt-get install redis-server) to run it.\n\n"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	// A free port is picked by listening on port 0 and closing it, so
	// another process can take it before redis-server binds: retry then.
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		s, err := launch(t, binary)
		if err == nil {
			t.Cleanup(s.Stop)
			return s
		}
		lastErr = err
	}
	t.Fatalf("starting redis-server: %v", lastErr)
	return nil
}

// Client returns a go-redis client of s, closed when t ends.
func (s *Server) Client(t testing.TB) *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: s.Addr})
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// Stop terminates the server and waits for it (up to ten seconds, then it
// is killed). It may be called more than once.
func (s *Server) Stop() {
	s.stop.Do(func() {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.exited
		}
	})
}

func launch(t testing.TB, bin string) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	dir := t.TempDir()
	logPath := filepath.Join(dir, "redis.log")
	cmd := exec.Command(bin,
		"--port", strconv.Itoa(port),
		"--bind", "127.0.0.1",
		"--dir", dir,
		"--save", "",
		"--appendonly", "no",
		"--daemonize", "no",
		"--logfile", logPath,
	)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("running %s: %w", bin, err)
	}
	s := &Server{Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), cmd: cmd, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(s.exited)
	}()

	// Ready when it answers PING; gone when it exited (the port was taken).
	client := redis.NewClient(&redis.Options{Addr: s.Addr, MaxRetries: -1, DialTimeout: time.Second})
	defer client.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := client.Ping(ctx).Err()
		cancel()
		if err == nil {
			return s, nil
		}
		select {
		case <-s.exited:
			return nil, fmt.Errorf("redis-server on port %d exited:\n%s", port, tail(logPath))
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, fmt.Errorf("redis-server on port %d not answering PING after 10s: %v\n%s", port, err, tail(logPath))
		}
	}
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// findOrInstall returns the path of redis-server, installing the Debian
// package first if it is missing and this process may.
func findOrInstall() (string, error) {
	if path, err := exec.LookPath("redis-server"); err == nil {
		return path, nil
	}
	if _, err := exec.LookPath("apt-get"); err != nil {
		return "", errors.New("redis-server is not on PATH and there is no apt-get to install it")
	}
	if os.Geteuid() != 0 {
		return "", errors.New("redis-server is not on PATH and installing it with apt-get needs root")
	}
	// Several test binaries may get here at once: wait for dpkg's lock
	// rather than fail on it.
	lock := "-oDPkg::Lock::Timeout=120"
	steps := [][]string{
		{"apt-get", lock, "update", "-qq"},
		{"apt-get", lock, "install", "-y", "-qq", "--no-install-recommends", "redis-server"},
	}
	for _, step := range steps {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		cmd := exec.CommandContext(ctx, step[0], step[1:]...)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		out, err := cmd.CombinedOutput()
		cancel()
		if err != nil {
			return "", fmt.Errorf("%v: %w\n%s", step, err, out)
		}
	}
	return exec.LookPath("redis-server")
}

// tail returns the last lines of the log at path, for error messages.
func tail(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return "(no log: " + err.Error() + ")"
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if len(lines) > 20 {
			lines = lines[1:]
		}
	}
	out := ""
	for _, l := range lines {
		out += l + "\n"
	}
	return out
}

// NumSub returns the number of subscribers of channel, as PUBSUB NUMSUB
// reports it.
func NumSub(ctx context.Context, c *redis.Client, channel string) (int64, error) {
	counts, err := c.PubSubNumSub(ctx, channel).Result()
	if err != nil {
		return 0, err
	}
	return counts[channel], nil
}
