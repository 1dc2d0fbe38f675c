// Package logger defines where the federated tracing extension reports its
// own problems, such as hooks called out of order or an error whose path
// matches no traced field. Tracing never fails a request; it only logs.
package logger

import (
	"io"
	"log"
)

// Logger receives diagnostics from the tracer. Each method takes a single
// value, as the tracer logs one at a time; a few lines adapt the standard
// library's *log.Logger, logrus, zap or slog to it.
type Logger interface {
	Print(args any)
	Println(args any)
	Printf(format string, args any)
}

// NoopLogger is a Logger that drops everything. The embedded *log.Logger
// writes to a NullWriter, so its own methods discard their output too.
type NoopLogger struct {
	*log.Logger
}

// NewNoopLogger returns a logger that discards all output. The tracer uses
// one when it is given no Logger.
func NewNoopLogger() *NoopLogger {
	return &NoopLogger{Logger: log.New(NullWriter(0), "", log.LstdFlags)}
}

// Print discards v.
func (*NoopLogger) Print(v any) {}

// Println discards v.
func (*NoopLogger) Println(v any) {}

// Printf discards the formatted message.
func (*NoopLogger) Printf(format string, v any) {}

// NullWriter is an io.Writer that accepts and discards every write.
type NullWriter int

var _ io.Writer = NullWriter(0)

// Write reports p as written without storing it.
func (NullWriter) Write(p []byte) (int, error) { return len(p), nil }
