package logger_test

import (
	"bytes"
	"log"
	"testing"

	"github.com/99designs/gqlgen/graphql/handler/apollofederatedtracingv1/logger"
)

var _ logger.Logger = (*logger.NoopLogger)(nil)

// stdLogger adapts a *log.Logger, as a user would.
type stdLogger struct{ l *log.Logger }

func (s stdLogger) Print(v any)                 { s.l.Print(v) }
func (s stdLogger) Println(v any)               { s.l.Println(v) }
func (s stdLogger) Printf(format string, v any) { s.l.Printf(format, v) }

func TestNoopLoggerDiscards(t *testing.T) {
	l := logger.NewNoopLogger()
	l.Print("a")
	l.Println("b")
	l.Printf("%s", "c")
	// The embedded *log.Logger writes nowhere either.
	l.Logger.Print("d")
	if l.Writer() == nil {
		t.Fatal("embedded logger has no writer")
	}
}

func TestNullWriter(t *testing.T) {
	for _, p := range [][]byte{nil, {}, []byte("some text")} {
		n, err := logger.NullWriter(0).Write(p)
		if err != nil || n != len(p) {
			t.Errorf("Write(%q) = %d, %v; want %d, nil", p, n, err, len(p))
		}
	}
}

func TestStandardLoggerAsLogger(t *testing.T) {
	var buf bytes.Buffer
	var l logger.Logger = stdLogger{log.New(&buf, "", 0)}
	l.Printf("%d errors", 3)
	l.Println("done")
	if got, want := buf.String(), "3 errors\ndone\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}
