package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"
)

// bigDocument is a query of exactly n tokens (n >= 6): { me { id id ... } }.
// Every id merges into one field, so the answer is small and the cost is
// the parsing and validation of the document.
func bigDocument(n int) string {
	return "{ me {" + strings.Repeat(" id", n-5) + " } }"
}

// bigWant is the answer to every bigDocument.
const bigWant = `{"data":{"me":{"id":"U1"}}}`

// bigResult is what one big query did to a fresh server.
type bigResult struct {
	answered      bool
	verdict       string
	wall          time.Duration
	cpuNS         int64
	before, after int64 // VmHWM
}

// bigQuery starts a fresh server, warms it with one small query, and sends
// it one query of c.bigTokens tokens; the rise of its VmHWM is what the
// query cost in memory.
func bigQuery(ctx context.Context, c config, side, bin string) (bigResult, error) {
	var out bigResult
	s, err := start(ctx, side, bin)
	if err != nil {
		return out, err
	}
	defer s.stop()
	client := newClient(1)
	client.Timeout = 0 // the query's own deadline, -big-timeout, governs
	defer client.CloseIdleConnections()
	var buf bytes.Buffer
	if _, _, err := do(ctx, client, s.api, loads[0].requests[0], &buf); err != nil {
		return out, err
	}
	if out.before, err = procMem(s.pid, "VmHWM"); err != nil {
		return out, err
	}
	cpu0, err := procCPU(s.pid)
	if err != nil {
		return out, err
	}
	body := `{"query":"` + bigDocument(c.bigTokens) + `"}`
	qctx, cancel := context.WithTimeout(ctx, c.bigTimeout)
	defer cancel()
	t := time.Now()
	status, _, err := do(qctx, client, s.api, post("big", body), &buf)
	out.wall = time.Since(t)
	switch {
	case err != nil && qctx.Err() != nil && ctx.Err() == nil:
		out.verdict = fmt.Sprintf("no: unfinished after %s", c.bigTimeout)
	case err != nil:
		return out, err
	case status != 200 || buf.String() != bigWant:
		out.verdict = fmt.Sprintf("no: status %d, %.200q", status, buf.String())
	default:
		out.answered, out.verdict = true, "yes"
	}
	cpu1, err := procCPU(s.pid)
	if err != nil {
		return out, err
	}
	out.cpuNS = cpu1 - cpu0
	out.after, err = procMem(s.pid, "VmHWM")
	return out, err
}
