package generated_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/99designs/gqlgen/graphql/handler/apollofederatedtracingv1/generated"
)

// wireFields is the protocol: for every message, each field as
// "number name kind" ("repeated" and "map" prefixed where they apply),
// sorted by number. These facts come from Apollo's reports.proto and must
// not change, whatever order ftv1.proto lists the fields in.
var wireFields = map[protoreflect.FullName]string{
	"Trace": "3 end_time message; 4 start_time message; 6 details message; 7 client_name string; " +
		"8 client_version string; 10 http message; 11 duration_ns uint64; 14 root message; " +
		"18 cache_policy message; 19 signature string; 20 full_query_cache_hit bool; " +
		"21 persisted_query_hit bool; 22 persisted_query_register bool; 24 registered_operation bool; " +
		"25 forbidden_operation bool; 26 query_plan message; 27 unexecutedOperationBody string; " +
		"28 unexecutedOperationName string; 31 field_execution_weight double",
	"Trace.Node": "1 response_name string; 2 index uint32; 3 type string; 5 cache_policy message; " +
		"8 start_time uint64; 9 end_time uint64; 11 error repeated message; 12 child repeated message; " +
		"13 parent_type string; 14 original_field_name string",
	"Trace.Error":       "1 message string; 2 location repeated message; 3 time_ns uint64; 4 json string",
	"Trace.Location":    "1 line uint32; 2 column uint32",
	"Trace.CachePolicy": "1 scope enum; 2 max_age_ns int64",
	"Trace.Details":     "3 operation_name string; 4 variables_json map",
	"Trace.HTTP": "1 method enum; 2 host string; 3 path string; 4 request_headers map; " +
		"5 response_headers map; 6 status_code uint32; 8 secure bool; 9 protocol string",
	"Trace.HTTP.Values":                "1 value repeated string",
	"Trace.QueryPlanNode":              "1 sequence message; 2 parallel message; 3 fetch message; 4 flatten message",
	"Trace.QueryPlanNode.SequenceNode": "1 nodes repeated message",
	"Trace.QueryPlanNode.ParallelNode": "1 nodes repeated message",
	"Trace.QueryPlanNode.FetchNode": "1 service_name string; 2 trace_parsing_failed bool; 3 trace message; " +
		"4 sent_time_offset uint64; 5 sent_time message; 6 received_time message",
	"Trace.QueryPlanNode.FlattenNode":         "1 response_path repeated message; 2 node message",
	"Trace.QueryPlanNode.ResponsePathElement": "1 field_name string; 2 index uint32",
	"Report": "1 header message; 2 end_time message; 5 traces_per_query map; 6 operation_count uint64",
	"ReportHeader": "5 hostname string; 6 agent_version string; 7 service_version string; " +
		"8 runtime_version string; 9 uname string; 11 executable_schema_id string; 12 graph_ref string",
	"TracesAndStats": "1 trace repeated message; 2 stats_with_context repeated message; " +
		"3 internal_traces_contributing_to_stats repeated message; 4 referenced_fields_by_type map",
	"ContextualizedStats": "1 context message; 2 query_latency_stats message; 3 per_type_stat map",
	"StatsContext":        "2 client_name string; 3 client_version string",
	"QueryLatencyStats": "2 request_count uint64; 3 cache_hits uint64; 4 persisted_query_hits uint64; " +
		"5 persisted_query_misses uint64; 7 root_error_stats message; 8 requests_with_errors_count uint64; " +
		"11 registered_operation_count uint64; 12 forbidden_operation_count uint64; " +
		"13 latency_count repeated sint64; 14 cache_latency_count repeated sint64; " +
		"15 public_cache_ttl_count repeated sint64; 16 private_cache_ttl_count repeated sint64; " +
		"17 requests_without_field_instrumentation uint64",
	"PathErrorStats": "1 children map; 4 errors_count uint64; 5 requests_with_errors_count uint64",
	"TypeStat":       "3 per_field_stat map",
	"FieldStat": "3 return_type string; 4 errors_count uint64; 5 observed_execution_count uint64; " +
		"6 requests_with_errors_count uint64; 9 latency_count repeated sint64; 10 estimated_execution_count uint64",
	"ReferencedFieldsForType":         "1 field_names repeated string; 2 is_interface bool",
	"ContextualizedQueryLatencyStats": "1 query_latency_stats message; 2 context message",
	"ContextualizedTypeStats":         "1 context message; 2 per_type_stat map",
}

func describe(md protoreflect.MessageDescriptor) string {
	fields := md.Fields()
	parts := make([]string, 0, fields.Len())
	nums := make([]int, 0, fields.Len())
	byNum := map[int]string{}
	for i := range fields.Len() {
		f := fields.Get(i)
		kind := f.Kind().String()
		switch {
		case f.IsMap():
			kind = "map"
		case f.Cardinality() == protoreflect.Repeated:
			kind = "repeated " + kind
		}
		byNum[int(f.Number())] = fmt.Sprintf("%d %s %s", f.Number(), f.Name(), kind)
		nums = append(nums, int(f.Number()))
	}
	sort.Ints(nums)
	for _, n := range nums {
		parts = append(parts, byNum[n])
	}
	return strings.Join(parts, "; ")
}

func TestWireFields(t *testing.T) {
	seen := map[protoreflect.FullName]bool{}
	var walk func(protoreflect.MessageDescriptors)
	walk = func(mds protoreflect.MessageDescriptors) {
		for i := range mds.Len() {
			md := mds.Get(i)
			if md.IsMapEntry() {
				continue
			}
			seen[md.FullName()] = true
			want, ok := wireFields[md.FullName()]
			if !ok {
				t.Errorf("message %s is not part of the protocol", md.FullName())
			} else if got := describe(md); got != want {
				t.Errorf("%s fields\n got %s\nwant %s", md.FullName(), got, want)
			}
			walk(md.Messages())
		}
	}
	walk(generated.File_ftv1_proto.Messages())
	for name := range wireFields {
		if !seen[name] {
			t.Errorf("message %s is missing", name)
		}
	}
}

func TestEnumNumbers(t *testing.T) {
	methods := map[generated.Trace_HTTP_Method]int32{
		generated.Trace_HTTP_UNKNOWN: 0, generated.Trace_HTTP_OPTIONS: 1, generated.Trace_HTTP_GET: 2,
		generated.Trace_HTTP_HEAD: 3, generated.Trace_HTTP_POST: 4, generated.Trace_HTTP_PUT: 5,
		generated.Trace_HTTP_DELETE: 6, generated.Trace_HTTP_TRACE: 7, generated.Trace_HTTP_CONNECT: 8,
		generated.Trace_HTTP_PATCH: 9,
	}
	for m, n := range methods {
		if int32(m) != n || generated.Trace_HTTP_Method_value[m.String()] != n {
			t.Errorf("method %s = %d, want %d", m, m, n)
		}
	}
	scopes := map[generated.Trace_CachePolicy_Scope]int32{
		generated.Trace_CachePolicy_UNKNOWN: 0, generated.Trace_CachePolicy_PUBLIC: 1, generated.Trace_CachePolicy_PRIVATE: 2,
	}
	for s, n := range scopes {
		if int32(s) != n || generated.Trace_CachePolicy_Scope_name[n] != s.String() {
			t.Errorf("scope %s = %d, want %d", s, s, n)
		}
	}
}

// TestKnownEncoding pins the bytes of a small trace, hand-assembled from the
// protocol's field numbers, so that what a gateway decodes cannot drift.
func TestKnownEncoding(t *testing.T) {
	tr := &generated.Trace{
		StartTime:  &timestamppb.Timestamp{Seconds: 1},
		DurationNs: 5,
		Root: &generated.Trace_Node{Child: []*generated.Trace_Node{{
			Id:         &generated.Trace_Node_ResponseName{ResponseName: "a"},
			Type:       "B",
			ParentType: "Q",
			Error:      []*generated.Trace_Error{{Message: "m", Location: []*generated.Trace_Location{{Line: 1, Column: 2}}}},
		}}},
	}
	got, err := proto.MarshalOptions{Deterministic: true}.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	// Go's protobuf runtime writes fields by number, members of a oneof last.
	child := []byte{
		0x1a, 1, 'B', // 3: type
		0x5a, 9, // 11: error
		0x0a, 1, 'm', // 1: message
		0x12, 4, 0x08, 1, 0x10, 2, // 2: location {line 1, column 2}
		0x6a, 1, 'Q', // 13: parent_type
		0x0a, 1, 'a', // 1: response_name
	}
	var want []byte
	want = append(want, 0x22, 2, 0x08, 1) // 4: start_time {seconds 1}
	want = append(want, 0x58, 5)          // 11: duration_ns
	want = append(want, 0x72, byte(len(child)+2), 0x62, byte(len(child)))
	want = append(want, child...) // 14: root { 12: child }
	if string(got) != string(want) {
		t.Errorf("encoding\n got % x\nwant % x", got, want)
	}

	var back generated.Trace
	if err := proto.Unmarshal(want, &back); err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(&back, tr) {
		t.Errorf("decoded %v, want %v", &back, tr)
	}
	if n := back.GetRoot().GetChild()[0]; n.GetResponseName() != "a" || n.GetIndex() != 0 {
		t.Errorf("oneof id decoded as %v", n.GetId())
	}
}

func TestFileDescriptorAlias(t *testing.T) {
	if generated.File_apollo_trace_proto == nil || generated.File_apollo_trace_proto != generated.File_ftv1_proto {
		t.Fatal("File_apollo_trace_proto is not the ftv1.proto descriptor")
	}
	if got := (&generated.Trace{}).ProtoReflect().Descriptor().ParentFile(); got != generated.File_apollo_trace_proto {
		t.Errorf("Trace is described by %v", got.Path())
	}
}
