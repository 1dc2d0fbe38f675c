// Package generated holds the protocol buffer messages of Apollo's federated
// tracing format (FTV1): Trace, which a subgraph returns base64-encoded in
// the "ftv1" response extension, and the usage-report messages around it.
//
// The Go code is generated from ftv1.proto, which is part of this module.
// To regenerate it, install protoc (the Debian/Ubuntu package
// protobuf-compiler) and the matching code generator,
//
//	go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
//
// then run `go generate` in this directory. The version of protoc-gen-go
// should match the google.golang.org/protobuf version in go.mod.
package generated

//go:generate protoc --proto_path=. --go_out=. --go_opt=paths=source_relative ftv1.proto
