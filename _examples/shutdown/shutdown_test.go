package shutdown

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// The replica's shutdown as server/main.go runs it: the slow query in flight
// is answered, the SSE subscription's stream ends without "complete", and
// Shutdown returns nil. (integration/test/shutdown.test.mjs runs two
// replicas as processes, with the real JavaScript clients.)
func TestShutdownEndsStreamsAndFinishesQueries(t *testing.T) {
	resolver := NewResolver("A")
	srv := NewServer(resolver)
	ts := httptest.NewServer(srv)
	defer ts.Close()

	req, err := http.NewRequest(http.MethodPost, ts.URL, strings.NewReader(`{"query":"subscription { events { text } }"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()

	slow := make(chan string, 1)
	go func() {
		resp, err := http.Post(ts.URL, "application/json",
			strings.NewReader(`{"query":"{ slow(ms: 200) { replica finishedWhileShuttingDown } }"}`))
		if err != nil {
			slow <- err.Error()
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		slow <- string(b)
	}()
	for deadline := time.Now().Add(10 * time.Second); resolver.slowStarted.Load() == 0 || subscriberCount(resolver) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the slow query and the subscription never started")
		}
		time.Sleep(5 * time.Millisecond)
	}

	resolver.ShuttingDown.Store(true)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if got, want := <-slow, `{"data":{"slow":{"replica":"A","finishedWhileShuttingDown":true}}}`; got != want {
		t.Errorf("slow query answered %s, want %s", got, want)
	}

	var events []string
	for lines := bufio.NewScanner(stream.Body); lines.Scan(); {
		if strings.HasPrefix(lines.Text(), "event:") {
			events = append(events, lines.Text())
		}
	}
	if len(events) != 0 {
		t.Errorf("the subscription's stream had events %q, want none (no complete)", events)
	}
}

func subscriberCount(r *Resolver) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.subscribers)
}
