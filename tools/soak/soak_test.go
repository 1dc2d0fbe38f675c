package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/99designs/gqlgen/codec"
)

// buildTag is the codec build tag this test binary was built with, so
// that the smoke run soaks a server built the same way.
func buildTag() string {
	switch codec.Name() {
	case "go-json":
		return "go_json"
	case "sonic", "jsoniter":
		return codec.Name()
	}
	return ""
}

// serverDir holds the built server; TestMain removes it.
var serverDir string

// builtServer builds the integration server once for the tests of this
// binary, with its codec tag.
var builtServer = sync.OnceValues(func() (string, error) {
	dir, err := integrationDir("")
	if err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp("", "soak-test-")
	if err != nil {
		return "", err
	}
	serverDir = tmp
	bin := filepath.Join(tmp, "server")
	// With an empty build cache this compiles the integration module and
	// its dependencies, beside the other packages make test builds: on a
	// loaded two-core machine that took over four minutes. The bound only
	// has to come before go test's own ten.
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	return bin, buildServer(ctx, dir, buildTag(), bin)
})

func serverBinary(t *testing.T) string {
	t.Helper()
	bin, err := builtServer()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if serverDir != "" {
		_ = os.RemoveAll(serverDir)
	}
	os.Exit(code)
}

// TestSmoke soaks the integration server for a few seconds: every scenario
// runs, every response matches byte for byte, and the goroutines come back.
func TestSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a server for a few seconds")
	}
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	var out bytes.Buffer
	rep, err := soak(ctx, config{
		server:      serverBinary(t),
		duration:    4 * time.Second,
		concurrency: 4,
		sample:      200 * time.Millisecond,
		maxGrowth:   0.5,
		goroutines:  10,
	}, &out)
	t.Log(out.String())
	if err != nil {
		t.Fatal(err)
	}
	if !rep.ok() {
		t.Fatal("the soak failed; see the log")
	}
	if !strings.Contains(out.String(), "("+codec.Name()+"); ") {
		t.Errorf("the server does not use this build's codec %q", codec.Name())
	}
	for _, s := range scenarios {
		if rep.counts[s.name] == 0 {
			t.Errorf("scenario %q never ran", s.name)
		}
	}
}

// TestMismatchFails checks that the soak notices a wrong byte: a scenario
// expecting other bytes than the server sends makes the run fail.
func TestMismatchFails(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a server")
	}
	saved := scenarios
	defer func() { scenarios = saved }()
	scenarios = []scenario{{"wrong expectation", func(ctx context.Context, tg *target) error {
		return tg.post(ctx, `{"query":"{ hello(name: \"x\") }"}`, 200, `{"data":{"hello":"Hello, y!"}}`)
	}}}
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	var out bytes.Buffer
	rep, err := soak(ctx, config{server: serverBinary(t), duration: time.Second, concurrency: 1, sample: 100 * time.Millisecond, maxGrowth: 0.5, goroutines: 10}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if rep.ok() || rep.failures == 0 || !strings.Contains(out.String(), `got:  "{\"data\":{\"hello\":\"Hello, x!\"}}"`) {
		t.Fatalf("a wrong byte went unnoticed:\n%s", out.String())
	}
}
