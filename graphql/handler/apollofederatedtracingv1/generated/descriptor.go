package generated

import "google.golang.org/protobuf/reflect/protoreflect"

// File_apollo_trace_proto is the descriptor of ftv1.proto under the name
// earlier releases of this package gave it, for code that refers to it.
var File_apollo_trace_proto protoreflect.FileDescriptor

func init() {
	// The generated init may not have run yet; this one is idempotent.
	file_ftv1_proto_init()
	File_apollo_trace_proto = File_ftv1_proto
}
