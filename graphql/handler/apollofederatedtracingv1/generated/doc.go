// Package generated holds the protocol buffer messages of Apollo's federated
// tracing format (FTV1): Trace, which a subgraph returns base64-encoded in
// the "ftv1" response extension, and the usage-report messages around it.
//
// The Go code is generated from ftv1.proto, which is part of this module.
// To regenerate it, install protoc and protoc-gen-go (see the go:generate
// line for the version) and run `go generate` in this directory.
package generated

//go:generate protoc --proto_path=. --go_out=. --go_opt=paths=source_relative ftv1.proto
