package federation_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/_examples/federation/internal/subgraph"
)

// subgraphs are the example's subgraph commands, in the order the gateway
// is given them.
var subgraphs = []string{"accounts", "products", "reviews"}

// gatewayQueries each touch all three subgraphs through Apollo Gateway;
// wantResults are their exact responses.
var gatewayQueries = map[string]string{
	// products -> reviews (_entities Product with @requires price weight)
	// -> accounts (_entities User, a batch of three).
	"topProducts": `{
		topProducts(first: 3) {
			upc name price shippingEstimate
			reviews { body stars author { username name } }
		}
	}`,
	// accounts -> reviews (User) -> products (Product) -> reviews again
	// (Product, for shippingEstimate, which needs products' price and weight).
	"me": `{ me { username reviews { body product { name shippingEstimate } } } }`,
	// reviews -> accounts (batch) and products.
	"latestReviews": `{ latestReviews(first: 2) { stars author { name } product { upc name } } }`,
}

var wantResults = map[string]string{
	"topProducts": `{"data":{"topProducts":[
		{"upc":"1","name":"Table","price":89900,"shippingEstimate":2000,"reviews":[
			{"body":"Love it!","stars":5,"author":{"username":"ada","name":"Ada Lovelace"}},
			{"body":"Prefer something else.","stars":2,"author":{"username":"grace","name":"Grace Hopper"}},
			{"body":"Sturdy and plain.","stars":4,"author":{"username":"alan","name":"Alan Turing"}}]},
		{"upc":"2","name":"Couch","price":129900,"shippingEstimate":0,"reviews":[
			{"body":"Too expensive.","stars":2,"author":{"username":"ada","name":"Ada Lovelace"}}]},
		{"upc":"3","name":"Chair","price":5400,"shippingEstimate":1000,"reviews":[
			{"body":"Could be better.","stars":3,"author":{"username":"alan","name":"Alan Turing"}}]}]}}`,
	"me": `{"data":{"me":{"username":"ada","reviews":[
		{"body":"Love it!","product":{"name":"Table","shippingEstimate":2000}},
		{"body":"Too expensive.","product":{"name":"Couch","shippingEstimate":0}}]}}}`,
	"latestReviews": `{"data":{"latestReviews":[
		{"stars":5,"author":{"name":"Grace Hopper"},"product":{"upc":"4","name":"Lamp"}},
		{"stars":4,"author":{"name":"Alan Turing"},"product":{"upc":"1","name":"Table"}}]}}`,
}

// TestGateway composes the three subgraphs with @apollo/composition and
// queries them through @apollo/gateway: the subgraphs run as real processes
// built with this test's codec tag, the gateway is the Node script in
// gateway/ with the packages its package-lock.json pins.
func TestGateway(t *testing.T) {
	node := requireTool(t, "node")
	requireTool(t, "npm")
	ensureNodeModules(t)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	bin := t.TempDir()
	tags := buildTags()
	args := []string{"build", "-tags", tags, "-o", bin + string(filepath.Separator)}
	for _, s := range subgraphs {
		args = append(args, "./"+s)
	}
	run(t, exec.CommandContext(ctx, "go", args...))

	gatewayArgs := []string{"gateway/gateway.mjs", "--queries", writeQueries(t)}
	for _, s := range subgraphs {
		gatewayArgs = append(gatewayArgs, s+"="+startSubgraph(t, filepath.Join(bin, s)))
	}
	cmd := exec.CommandContext(ctx, node, gatewayArgs...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "gateway failed:\n%s", stderr.String())
	t.Logf("gateway (subgraphs built with -tags %q) stderr:\n%s", tags, stderr.String())

	var got struct {
		Composition struct {
			Hints []struct{ Code, Message string }
		}
		Results map[string]json.RawMessage
	}
	require.NoError(t, json.Unmarshal(out, &got), "gateway output: %s", out)
	for _, h := range got.Composition.Hints {
		t.Logf("composition hint [%s]: %s", h.Code, h.Message)
	}
	require.Len(t, got.Results, len(wantResults))
	for name, want := range wantResults {
		assert.JSONEq(t, want, string(got.Results[name]), "query %s", name)
	}
}

// requireTool returns the path of a command the test needs. Without it the
// test is skipped, loudly, or fails when CI=true.
func requireTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	msg := fmt.Sprintf("%s is not installed: the Apollo composition and gateway test cannot run (install Node >= 20 and npm)", name)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	fmt.Fprintln(os.Stderr, "!!! SKIPPED: "+msg)
	t.Skip(msg)
	return ""
}

// ensureNodeModules runs npm ci in gateway/ unless an earlier run (or
// `make examples`, which runs it once for all codec tags) already did.
func ensureNodeModules(t *testing.T) {
	t.Helper()
	lock, err := os.Stat("gateway/package-lock.json")
	require.NoError(t, err)
	installed, err := os.Stat("gateway/node_modules/.package-lock.json")
	if err == nil && !installed.ModTime().Before(lock.ModTime()) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = "gateway"
	run(t, cmd)
}

// buildTags is the -tags this test binary was built with, so that the
// subgraphs are built with the same codec.
func buildTags() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "-tags" {
				return s.Value
			}
		}
	}
	return ""
}

func run(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s:\n%s", strings.Join(cmd.Args, " "), out)
}

func writeQueries(t *testing.T) string {
	t.Helper()
	data, err := json.Marshal(gatewayQueries)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "queries.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

// startSubgraph runs a subgraph binary on a free port and returns its URL,
// read from the line it prints once it listens. The process is stopped
// when the test ends.
func startSubgraph(t *testing.T, path string) string {
	t.Helper()
	cmd := exec.Command(path, "-port", "0")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("%s: %v\n%s", path, err, stderr.String())
			}
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("%s did not stop within 10s of SIGTERM", path)
		}
	})

	line := make(chan string, 1)
	go func() {
		s := bufio.NewScanner(stdout)
		if s.Scan() {
			line <- s.Text()
		}
		close(line)
		_, _ = io.Copy(io.Discard, stdout)
		exited <- cmd.Wait()
	}()
	select {
	case l, ok := <-line:
		require.True(t, ok, "%s exited before listening:\n%s", path, stderr.String())
		url, found := strings.CutPrefix(l, subgraph.ListeningPrefix)
		require.True(t, found, "%s printed %q, want %q...", path, l, subgraph.ListeningPrefix)
		return url
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not start listening within 30s:\n%s", path, stderr.String())
		return ""
	}
}
