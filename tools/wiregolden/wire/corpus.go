package wire

import (
	"net/url"
	"strings"
	"time"
)

// The corpus runs in order against one server: the APQ cases rely on the
// registration before them.

const (
	jsonType    = "Content-Type: application/json"
	sseAccept   = "Accept: text/event-stream"
	mixedAccept = "Accept: multipart/mixed"

	gtws = "graphql-transport-ws"
	gws  = "graphql-ws"
)

// apqQuery is the query the APQ cases register and look up.
const apqQuery = "{ hello(name: \"persisted\") }"

func post(name, about, body string, header ...string) Case {
	return postTo("/query", name, about, body, header...)
}

func postTo(path, name, about, body string, header ...string) Case {
	return Case{Name: name, About: about, Method: "POST", Path: path, Body: body, Header: append([]string{jsonType}, header...)}
}

func raw(method, path, name, about, body string, header ...string) Case {
	return Case{Name: name, About: about, Method: method, Path: path, Body: body, Header: header}
}

// get encodes the query string from name/value pairs, in order.
func get(path, name, about string, kv ...string) Case {
	var q []string
	for i := 0; i+1 < len(kv); i += 2 {
		q = append(q, url.QueryEscape(kv[i])+"="+url.QueryEscape(kv[i+1]))
	}
	return Case{Name: name, About: about, Method: "GET", Path: path + "?" + strings.Join(q, "&")}
}

// deliberate marks c as answered differently from upstream on purpose.
func deliberate(c Case, why string, upstreamHangs bool) Case {
	c.Deliberate, c.UpstreamHangs = why, upstreamHangs
	return c
}

func withHeader(c Case, header ...string) Case {
	c.Header = append(c.Header, header...)
	return c
}

func ws(path, name, about string, protocols []string, steps ...Step) Case {
	return Case{Name: name, About: about, Path: path, WS: &Script{Subprotocols: protocols, Steps: steps}}
}

func send(s string) Step      { return Step{Send: s} }
func read(n int) Step         { return Step{Read: n} }
func until(s string) Step     { return Step{Until: s} }
func closed() Step            { return Step{Close: true} }
func proto(p string) []string { return []string{p} }

// Operation payloads for websocket frames.
func op(query string, members ...string) string { return params(query, members...) }

// errorEnds is why the graphql-transport-ws cases with an error frame
// differ from upstream.
const errorEnds = "graphql-transport-ws: an error frame ends the operation, so no complete follows it " +
	"(PROTOCOL.md of graphql-ws); upstream sends complete after the error"

var (
	gtwsInit = send(frame("connection_init", "", ""))
	gwsInit  = send(frame("connection_init", "", ""))
)

// Cases is the corpus, in the order it runs.
var Cases = concat(postCases(), getCases(), bodyCases(), uploadCases(), sseCases(), mixedCases(), gtwsCases(), gwsCases())

func concat(lists ...[]Case) []Case {
	var out []Case
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func postCases() []Case {
	return []Case{
		post("post_success", "a plain query", params("{ hello }")),
		post("post_operation_name_variables", "operationName picks one of two operations; variables and defaults",
			params("query A { hello } query B($n: String, $id: ID!) { hello(name: $n) user(id: $id) { id name __typename } }",
				opName("B"), vars(`{"n":"Gopher","id":"1"}`))),
		post("post_aliases_fragments", "aliases, named and inline fragments, an interface",
			params("{ a: user(id: 1) { ...U } b: node(id: \"2\") { id ... on User { name } } users { id } } fragment U on User { name email }")),
		post("post_partial_errors", "errors next to data: extensions, a failed list element, a nullable field",
			params("{ hello fail user(id: \"1\") { name friends { id name } } }")),
		post("post_null_bubbles_to_data", "a non-null root field fails: data is null",
			params("{ hello failNonNull }")),
		post("post_html_in_data", "HTML characters, U+2028/U+2029, quotes, control characters in data",
			params("{ html echo(text: \"<a href='x'>&amp;</a> \\u2028 \u2028 \\u2029 \\\" \\\\ \\t é\") }")),
		post("post_html_in_errors", "HTML characters and U+2028/U+2029 in an error message",
			params("{ htmlError failWith(message: \"<b>bold</b> & \\u2028 \\u0007 \\\"q\\\"\") }")),
		post("post_invalid_utf8_in_body", "an invalid UTF-8 byte inside a JSON string of the request",
			params("{ echo(text: \"\xff<\") }")),
		post("post_any_variables_numbers", "numbers in variables keep their text (UseNumber); the Any scalar's spaces are compacted",
			params("query($v: Any) { echoAny(value: $v) }",
				vars(`{"v":{"big":12345678901234567890123,"f":1.50,"e":1E400,"neg":-0,"s":"<&>","l":[1,"x",null,true,{"k":2.0}]}}`))),
		post("post_any_literal", "an object literal argument of the Any scalar",
			params("{ echoAny(value: {b: 1, a: [1.5, \"x\", null, true], c: {d: ENUMV, e: \"<\"}}) }")),
		post("post_floats_lists", "a float and a list of ints", params("{ number list }")),
		post("post_mutation", "a mutation", params("mutation { rename(id: \"2\", name: \"Grace <Hopper>\") { id name } }")),
		post("post_mutation_error", "a failing non-null mutation field", params("mutation { rename(id: \"9\", name: \"x\") { id } }")),
		post("post_parse_error", "a syntax error: 422", params("{ hello")),
		post("post_lexer_error", "an unterminated string", params("{ hello(name: \"unterminated) }")),
		post("post_validation_errors", "several validation errors, with locations", params("{ nope hello(bad: 1) user { id } }")),
		post("post_validation_suggestion", "a \"did you mean\" suggestion with quotes", params("{ helo }")),
		post("post_unknown_operation", "operationName names no operation", params("query A { hello }", opName("Missing"))),
		post("post_empty_query", "an empty query string", params("")),
		post("post_no_query_member", "a JSON object without query", `{}`),
		post("post_variable_wrong_type", "variable coercion fails", params("query($n: Int!) { expensive(n: $n) { id } }", vars(`{"n":"x"}`))),
		post("post_variable_missing", "a required variable is missing", params("query($id: ID!) { user(id: $id) { id } }")),
		post("post_bad_json_truncated", "a truncated JSON body: 400", `{"query": "{ hello }"`),
		post("post_bad_json_not_json", "not JSON at all", `notjson`),
		post("post_bad_json_wrong_type", "query is a number", `{"query": 123}`),
		post("post_bad_json_variables_array", "variables is an array", `{"query":"{ hello }","variables":[1]}`),
		post("post_bad_json_batch", "a batch (array) of operations", `[{"query":"{ hello }"}]`),
		post("post_json_trailing_data", "data after the JSON value", `{"query":"{ hello }"} trailing`),
		post("post_empty_body", "an empty body", ``),
		raw("POST", "/query", "post_charset_param", "a Content-Type with parameters", params("{ hello }"), "Content-Type: application/json; charset=utf-8"),
		raw("POST", "/query", "post_text_plain", "a Content-Type no transport takes: 400", "{ hello }", "Content-Type: text/plain"),
		raw("POST", "/query", "post_no_content_type", "no Content-Type", params("{ hello }")),
		// Not /query, whose SSE transport takes a PUT as a single connection mode reservation.
		raw("PUT", "/strict", "put_method", "a method no transport takes", params("{ hello }"), jsonType),
		raw("OPTIONS", "/query", "options", "OPTIONS: Allow", ""),
		raw("HEAD", "/query", "head", "HEAD: 405", ""),
		raw("OPTIONS", "/small", "options_custom_methods", "OPTIONS with AllowedMethods", ""),
		post("post_accept_graphql_response_json", "Accept: application/graphql-response+json",
			params("{ hello }"), "Accept: application/graphql-response+json"),
		post("post_accept_graphql_response_json_invalid", "a validation error under graphql-response+json: 400",
			params("{ nope }"), "Accept: application/graphql-response+json"),
		post("post_accept_list", "an Accept list with q-values", params("{ hello }"), "Accept: text/html, application/json;q=0.9"),
		post("post_accept_unknown", "an Accept with no JSON type", params("{ nope }"), "Accept: text/html"),
		post("post_accept_wildcard", "Accept: */*", params("{ hello }"), "Accept: */*"),
		post("post_accept_unparsable", "an unparsable Accept entry first", params("{ hello }"), "Accept: ;;;, application/graphql-response+json"),
		postTo("/strict", "strict_post_validation", "graphql-response+json by default: 400", params("{ nope }")),
		postTo("/strict", "strict_post_introspection_disabled", "no Introspection extension", params("{ __schema { queryType { name } } }")),
		post("post_panic_recovered", "a resolver panics: RecoverFunc", params("{ hello panic }")),
		post("post_panic_escapes", "a panic reaches the server: 500", params("{ panicHard }")),
		post("post_introspection_type", "__type with fields, args, deprecation, nested ofType",
			params("{ __type(name: \"User\") { name kind description fields(includeDeprecated: true) { name isDeprecated deprecationReason args { name } type { kind name ofType { kind name } } } interfaces { name } } }")),
		post("post_introspection_schema", "__schema root types and directives; __typename",
			params("{ __typename __schema { queryType { name } mutationType { name } subscriptionType { name } directives { name locations isRepeatable args { name defaultValue } } } }")),
		post("post_complexity_ok", "under the complexity limit", params("{ expensive(n: 2) { id name } }")),
		post("post_complexity_exceeded", "over the complexity limit: 200 with an error", params("{ expensive(n: 50) { id name } }")),
		post("apq_miss", "a persisted query hash not yet known", params("", persisted(1, sha256Hex(apqQuery)))),
		post("apq_register", "query and matching hash", params(apqQuery, persisted(1, sha256Hex(apqQuery)))),
		post("apq_hit", "hash only, after registration", `{`+persisted(1, sha256Hex(apqQuery))+`}`),
		post("apq_mismatch", "query and a hash of something else", params("{ hello }", persisted(1, sha256Hex(apqQuery)))),
		post("apq_bad_version", "persistedQuery version 2", params("{ hello }", persisted(2, sha256Hex("{ hello }")))),
		post("apq_bad_extension", "persistedQuery is not an object", params("{ hello }", `"extensions":{"persistedQuery":"x"}`)),
		post("post_subscription", "a subscription over plain POST: the first event", params("subscription { ticks(n: 3) }")),
		postTo("/tuned", "tuned_partial_errors", "error presenter and a response extension", params("{ hello fail htmlError }")),
		postTo("/tuned", "tuned_no_suggestion", "SetDisableSuggestion", params("{ helo }")),
		postTo("/tuned", "tuned_token_limit", "SetParserTokenLimit", params("{ "+strings.Repeat("hello ", 50)+"}")),
		postTo("/headers", "headers_post", "POST ResponseHeaders", params("{ hello }")),
		post("post_multiline_locations", "error locations on later lines", params("{\n  hello\n\n    nope\n}")),
		post("post_html_in_parse_error", "HTML characters in a parse error message", params("{ hello(name: <&>) }")),
		post("post_nul_in_query", "a NUL character in the query", `{"query":"{ hello\u0000 }"}`),
		post("post_json_unicode_escapes", "JSON escapes in the body: a surrogate pair, a lone surrogate, U+2028",
			`{"query":"{ echo(text: \"\ud83d\ude00 \ud800 \u2028 \u00e9\") }"}`),
		post("post_json_duplicate_keys", "duplicate keys in the body and in variables", `{"query":"{ html }","query":"query($n: String) { hello(name: $n) }","variables":{"n":"a","n":"b"}}`),
		post("post_json_key_case", "member names in another case", `{"Query":"query($n: String) { hello(name: $n) }","VARIABLES":{"n":"case"}}`),
		post("post_json_nulls", "null variables, extensions and operationName", `{"query":"{ hello }","variables":null,"extensions":null,"operationName":null}`),
		post("post_json_bom", "a byte order mark before the body", "\ufeff"+params("{ hello }")),
		post("post_json_whitespace", "whitespace around and inside the body", "\n\t "+`{ "query" : "{ hello }" , "variables" : { } }`+" \n"),
		post("post_variable_float_for_int", "2.0 for an Int variable", params("query($n: Int!) { expensive(n: $n) { id } }", vars(`{"n":2.0}`))),
		post("post_variable_int_overflow", "an Int variable out of range", params("query($n: Int!) { expensive(n: $n) { id } }", vars(`{"n":99999999999}`))),
		post("post_variables_trailing_garbage", "variables object followed by more members", params("query($n: String) { hello(name: $n) }", vars(`{"n":"x","extra":[{"deep":{"deeper":[1,2,{"z":null}]}}]}`))),
		post("post_large_response", "a response larger than the server's write buffer", params("query($t: String!) { echo(text: $t) }", vars(`{"t":"`+strings.Repeat("<0123456789&>", 800)+`"}`))),
		post("post_ambiguous_operation", "two operations and no operationName", params("query A { hello } query B { html }")),
		post("post_invalid_utf8_in_variables", "invalid UTF-8 in a variable's value and in a map key",
			params("query($v: Any) { echoAny(value: $v) }", vars("{\"v\":{\"s\":\"a\xffb\",\"\xfe\":1}}"))),
		post("post_bad_json_number", "a number with a leading zero", `{"query":"{ hello }","variables":{"a":01}}`),
		post("post_bad_json_escape", "an invalid escape in a string", `{"query":"\x"}`),
		post("post_bad_json_control_char", "a raw newline inside a string", "{\"query\":\"{ hello\n}\"}"),
		post("post_bad_json_too_deep", "variables nested deeper than decoders allow",
			params("{ hello }", vars(`{"a":`+strings.Repeat("[", 10001)+strings.Repeat("]", 10001)+`}`))),
		post("post_invalid_data", "data that is not JSON: upstream's encoder fails and panics", params("{ hello broken }")),
		postTo("/big", "big_full_introspection", "a full introspection query", params(fullIntrospection)),
		raw("GET", "/query", "upgrade_without_handshake", "an Upgrade header on a plain request: the websocket accept fails",
			"", "Upgrade: websocket", "Connection: Upgrade"),
	}
}

func getCases() []Case {
	return []Case{
		get("/query", "get_success", "a plain GET query", "query", "{ hello }"),
		get("/query", "get_null_variables", "GET with variables=null", "query", "{ hello }", "variables", "null"),
		get("/query", "get_variables_trailing_data", "GET variables followed by more text", "query", "query($n: String) { hello(name: $n) }", "variables", `{"n":"x"} trailing`),
		withHeader(get("/query", "get_sse_accept", "GET with Accept: text/event-stream is plain GET", "query", "{ hello }"), sseAccept),
		deliberate(withHeader(get("/query", "get_defer_sse", "GET with @defer and Accept: text/event-stream streams every payload",
			"query", "{ hello ... @defer(label: \"later\") { html } }"), sseAccept),
			"a GET query with @defer streams its payloads as events when the client accepts text/event-stream, as SSE does "+
				"for POST; upstream writes the initial payload only", false),
		get("/query", "get_defer_json", "GET with @defer from a client that accepts no stream: the initial payload only",
			"query", "{ hello ... @defer(label: \"later\") { html } }"),
		get("/query", "get_variables_operation_name", "GET with variables and operationName",
			"query", "query A { hello } query Q($id: ID!) { user(id: $id) { name } }", "operationName", "Q", "variables", `{"id":"2"}`),
		get("/query", "get_bad_variables", "variables not JSON: 400", "query", "{ hello }", "variables", "notjson"),
		get("/query", "get_bad_extensions", "extensions not JSON: 400", "query", "{ hello }", "extensions", "{"),
		get("/query", "get_mutation", "a mutation over GET: 406", "query", "mutation { rename(id: \"1\", name: \"x\") { id } }"),
		raw("GET", "/query?query=%zz", "get_bad_query_string", "an invalid escape in the query string: 400", ""),
		get("/query", "get_parse_error", "a syntax error over GET: 422", "query", "{ hello"),
		get("/query", "get_invalid_utf8_data", "an invalid UTF-8 byte in a string argument reaches data", "query", "{ echo(text: \"\xff&\") }"),
		get("/query", "get_invalid_utf8_error", "an invalid UTF-8 byte in an error message", "query", "{ failWith(message: \"\xff<\") }"),
		get("/query", "get_apq_hit", "a persisted query over GET", "extensions", `{"persistedQuery":{"version":1,"sha256Hash":"`+sha256Hex(apqQuery)+`"}}`),
		raw("GET", "/query", "get_no_query", "GET without a query", ""),
		get("/strict", "strict_get_parse_error", "graphql-response+json by default over GET: 400", "query", "{ hello"),
		get("/headers", "headers_get_content_type", "an explicit Content-Type response header wins", "query", "{ hello }"),
	}
}

func bodyCases() []Case {
	const graphqlType = "Content-Type: application/graphql"
	const formType = "Content-Type: application/x-www-form-urlencoded"
	return []Case{
		raw("POST", "/query", "graphql_body", "application/graphql", "{ hello }", graphqlType),
		raw("POST", "/query", "graphql_body_encoded", "application/graphql, query= and URL-encoded", "query=%7B%20hello%20%7D", graphqlType),
		raw("POST", "/query", "graphql_body_bad_escape", "application/graphql with a bad escape: 422", "%7B%zz", graphqlType),
		raw("POST", "/query", "graphql_body_parse_error", "application/graphql with a syntax error", "{ hello", graphqlType),
		raw("POST", "/headers", "headers_graphql_body", "application/graphql with an explicit Content-Type", "{ hello }", graphqlType),
		raw("POST", "/query", "form_plain", "form body with a raw query", "query={ hello }", formType),
		raw("POST", "/query", "form_encoded", "form body URL-encoded", "query=%7B+user(id%3A+%221%22)+%7B+name+%7D+%7D", formType),
		raw("POST", "/query", "form_json", "form content type with a JSON body", params("{ html }", vars(`{}`)), formType),
		raw("POST", "/query", "form_bad_json", "form content type with bad JSON: 422", `{"query": 1}`, formType),
		raw("POST", "/query", "form_bad_escape", "form body with a bad escape: 422", "query=%7B%zz", formType),
		raw("POST", "/headers", "headers_form", "form ResponseHeaders with two values", "query={ hello }", formType),
	}
}

func uploadCases() []Case {
	const single = `{"query":"mutation($f: Upload!) { upload(file: $f) { name size contentType content } }","variables":{"f":null}}`
	const many = `{"query":"mutation($fs: [Upload!]!) { uploadMany(files: $fs) { name size content } }","variables":{"fs":[null,null]}}`
	const nested = `{"query":"mutation($in: UploadInput!) { uploadNested(input: $in) { name content } }","variables":{"in":{"label":"x","files":[null]}}}`
	mp := func(path, name, about, body string) Case {
		return raw("POST", path, name, about, body, multipartType)
	}
	return []Case{
		mp("/query", "upload_single", "one file", multipart(field("operations", single), field("map", `{"0":["variables.f"]}`), upload("0", "a.txt", "hello <file> & \u2028"))),
		mp("/query", "upload_many", "two files in a list", multipart(field("operations", many), field("map", `{"0":["variables.fs.0"],"1":["variables.fs.1"]}`),
			upload("0", "a.txt", "first"), upload("1", "b.txt", "second"))),
		mp("/query", "upload_one_file_two_paths", "one file mapped to two paths", multipart(field("operations", many), field("map", `{"0":["variables.fs.0","variables.fs.1"]}`),
			upload("0", "same.txt", "shared"))),
		mp("/query", "upload_nested_input", "a file inside an input object", multipart(field("operations", nested), field("map", `{"0":["variables.in.files.0"]}`),
			upload("0", "n.txt", "nested"))),
		mp("/query", "upload_bare_part", "a file part without filename or Content-Type; trailing data after the JSON of operations and map",
			multipart(field("operations", single+" trailing"), field("map", `{"0":["variables.f"]} trailing`), field("0", "bare"))),
		mp("/query", "upload_operations_not_first", "map before operations", multipart(field("map", `{}`), field("operations", single))),
		mp("/query", "upload_bad_operations", "operations not JSON", multipart(field("operations", `{`), field("map", `{}`))),
		mp("/query", "upload_map_not_second", "a file where map should be", multipart(field("operations", single), upload("0", "a.txt", "x"))),
		mp("/query", "upload_bad_map", "map not JSON", multipart(field("operations", single), field("map", `["x"]`))),
		mp("/query", "upload_missing_file", "map names a file that never comes", multipart(field("operations", single), field("map", `{"0":["variables.f"],"1":["variables.g"]}`),
			upload("0", "a.txt", "x"))),
		mp("/query", "upload_unexpected_file", "a file the map does not name", multipart(field("operations", single), field("map", `{"0":["variables.f"]}`),
			upload("9", "a.txt", "x"))),
		mp("/query", "upload_path_without_prefix", "a map path without variables.", multipart(field("operations", single), field("map", `{"0":["f"]}`),
			upload("0", "a.txt", "x"))),
		mp("/query", "upload_path_invalid", "a map path into nothing", multipart(field("operations", single), field("map", `{"0":["variables.nope.0"]}`),
			upload("0", "a.txt", "x"))),
		mp("/query", "upload_validation_error", "a valid upload for an invalid query",
			multipart(field("operations", `{"query":"mutation($f: Upload!) { nope }","variables":{"f":null}}`), field("map", `{"0":["variables.f"]}`), upload("0", "a.txt", "x"))),
		raw("POST", "/query", "upload_no_boundary", "multipart/form-data without a boundary", "garbage", "Content-Type: multipart/form-data"),
		mp("/small", "upload_too_large", "a body over MaxUploadSize: 200 (quirk)", multipart(field("operations", single), field("map", `{"0":["variables.f"]}`),
			upload("0", "big.txt", strings.Repeat("x", 1200)))),
		mp("/small", "upload_temp_file", "a body over MaxMemory goes through a temp file", multipart(field("operations", single), field("map", `{"0":["variables.f"]}`),
			upload("0", "t.txt", "temp <file>"))),
		mp("/headers", "headers_upload", "multipart ResponseHeaders", multipart(field("operations", single), field("map", `{"0":["variables.f"]}`),
			upload("0", "a.txt", "x"))),
	}
}

func sseCases() []Case {
	return []Case{
		post("sse_subscription", "a subscription as events", params("subscription { ticks(n: 3) }"), sseAccept),
		post("sse_subscription_errors", "events with errors", params("subscription { t: tickErrors(n: 3) }"), sseAccept),
		post("sse_query", "a query as one event", params("{ hello html }"), sseAccept),
		post("sse_defer", "@defer as several events", params("{ hello ... @defer(label: \"later\") { html } }"), sseAccept),
		post("sse_validation_error", "an operation error as an event", params("{ nope }"), sseAccept),
		post("sse_apq_miss", "a persisted query miss as an event", params("", persisted(1, sha256Hex("{ unknown }"))), sseAccept),
		deliberate(post("sse_invalid_data", "an event whose data is not JSON", params("subscription { brokenEvents }"), sseAccept),
			"upstream's encoder panics while the SSE writer holds its lock, and its deferred flush then waits for that lock forever: the request never ends", true),
		post("sse_bad_json", "a body that is not JSON: 400", `notjson`, sseAccept),
	}
}

func mixedCases() []Case {
	return []Case{
		post("defer_basic", "a labelled @defer", params("{ hello ... @defer(label: \"later\") { html } }"), mixedAccept),
		post("defer_nested_errors", "nested and unlabelled @defer, with errors in deferred payloads",
			params("{ user(id: \"1\") { id ... @defer(label: \"friends\") { friends { id name } } } ... @defer { fail } }"), mixedAccept),
		post("defer_none", "no @defer over multipart/mixed", params("{ hello }"), mixedAccept),
		post("defer_validation_error", "an operation error: plain JSON", params("{ nope }"), mixedAccept),
		post("defer_bad_json", "a body that is not JSON: 400", `{"query":`, mixedAccept),
		post("defer_in_list", "@defer inside a list: one incremental payload per element, batched",
			params("{ users { id ... @defer(label: \"name\") { name } } }"), mixedAccept),
		post("defer_if_false", "@defer(if: false) is not deferred", params("{ hello ... @defer(if: false) { html } }"), mixedAccept),
		post("defer_null_payload", "a non-null failure inside a deferred fragment nulls its payload",
			params("{ hello ... @defer(label: \"bad\") { failNonNull html } }"), mixedAccept),
		post("defer_subscription", "a subscription over multipart/mixed: later events become incremental payloads",
			params("subscription { ticks(n: 3) }"), mixedAccept),
		post("defer_invalid_data", "a part whose data is not JSON", params("{ hello ... @defer { broken } }"), mixedAccept),
		post("defer_accept_list", "multipart/mixed within an Accept list", params("{ a: hello ... @defer { b: hello } }"),
			"Accept: multipart/mixed;deferSpec=20220824, application/json"),
		postTo("/small", "defer_streamed", "the default delivery tick flushes the initial part before the slow deferred one",
			params("{ hello ... @defer(label: \"slow\") { slow(ms: 300) } }"), mixedAccept),
	}
}

func gtwsCases() []Case {
	ws := func(name, about string, steps ...Step) Case {
		return ws("/query", name, about, proto(gtws), steps...)
	}
	ack := []Step{gtwsInit, read(1)}
	with := func(steps ...Step) []Step { return append(append([]Step{}, ack...), steps...) }
	// failing follows steps that end in an operation's error frame: it reads
	// up to the error, then pings and reads up to the pong, so that a
	// complete after the error (upstream's answer) shows without waiting
	// for a timeout.
	failing := func(steps ...Step) []Step {
		return with(append(steps, until(`"error"`), send(frame("ping", "", "")), until(`"pong"`))...)
	}
	return []Case{
		ws("gtws_subscription", "subscribe, events, complete",
			with(send(frame("subscribe", "1", op("subscription { ticks(n: 2) }"))), until(`"complete"`))...),
		ws("gtws_subscription_errors", "events with errors",
			with(send(frame("subscribe", "e", op("subscription { tickErrors(n: 3) }"))), until(`"complete"`))...),
		ws("gtws_query", "a query over the socket",
			with(send(frame("subscribe", "q", op("{ hello html }"))), until(`"complete"`))...),
		ws("gtws_defer", "@defer over the socket",
			with(send(frame("subscribe", "d", op("{ hello ... @defer(label: \"later\") { html } }"))), until(`"complete"`))...),
		ws("gtws_mutation", "a mutation over the socket",
			with(send(frame("subscribe", "m", op("mutation { rename(id: \"1\", name: \"<x>\") { name } }"))), until(`"complete"`))...),
		ws("gtws_client_complete", "the client completes a running subscription",
			with(send(frame("subscribe", "c", op("subscription { untilCancelled }"))), read(1), send(frame("complete", "c", "")), until(`"complete"`))...),
		ws("gtws_ping_pong", "ping with a payload is answered by pong with the same payload, compacted",
			with(send(`{"type":"ping","payload": { "x" : "<&>", "n": 1.0 } }`), read(1), send(frame("ping", "", "")), read(1))...),
		ws("gtws_client_pong", "a pong from the client is not answered",
			with(send(frame("pong", "", `{}`)), send(frame("ping", "", `"p"`)), read(1))...),
		deliberate(ws("gtws_validation_error", "a validation error: an error frame, which ends the operation",
			failing(send(frame("subscribe", "v", op("subscription { nope }"))))...), errorEnds, false),
		deliberate(ws("gtws_parse_error", "a syntax error",
			failing(send(frame("subscribe", "p", op("subscription {"))))...), errorEnds, false),
		ws("gtws_apq_miss", "a non-protocol operation error is a next frame",
			with(send(frame("subscribe", "a", op("", persisted(1, sha256Hex("{ unknown }"))))), until(`"complete"`))...),
		ws("gtws_complexity_exceeded", "the complexity limit over the socket",
			with(send(frame("subscribe", "x", op("{ expensive(n: 50) { id name } }"))), until(`"complete"`))...),
		deliberate(ws("gtws_bad_payload", "a subscribe payload that is not an object",
			failing(send(frame("subscribe", "b", `"x"`)))...), errorEnds, false),
		ws("gtws_subscription_error", "AddSubscriptionError: an error frame instead of complete",
			with(send(frame("subscribe", "s", op("subscription { subscriptionError }"))), until(`"error"`), send(frame("ping", "", "")), read(1))...),
		deliberate(ws("gtws_subscription_panic", "a panic in the stream: an error frame",
			failing(send(frame("subscribe", "s", op("subscription { subscriptionPanic }"))))...), errorEnds, false),
		deliberate(ws("gtws_invalid_data", "an event whose data is not JSON",
			failing(send(frame("subscribe", "i", op("subscription { brokenEvents }"))))...), errorEnds, false),
		ws("gtws_two_operations", "two operations one after the other",
			with(send(frame("subscribe", "1", op("{ hello }"))), until(`"complete"`), send(frame("subscribe", "2", op("{ a: hello(name: \"2\") }"))), until(`"complete"`))...),
		ws("gtws_init_ack_payload", "an InitFunc ack payload; init payload numbers decode as float64",
			send(frame("connection_init", "", `{"ack":{"n":12345678901234567890,"s":"<b>"}}`)), read(1)),
		ws("gtws_init_rejected", "InitFunc fails: close code and reason from the context",
			send(frame("connection_init", "", `{"reject":"nope"}`)), closed()),
		ws("gtws_bad_json_before_init", "not JSON as the first frame", send(`{`), closed()),
		ws("gtws_subscribe_before_init", "subscribe before connection_init",
			send(frame("subscribe", "1", op("{ hello }"))), closed()),
		ws("gtws_unknown_type", "an unknown message type after init", with(send(frame("foo", "", "")), closed())...),
		ws("gtws_bad_json_after_init", "not JSON after init", with(send(`{`), closed())...),
		ws("gtws_server_type_from_client", "a server-only message type from the client", with(send(frame("next", "1", `{}`)), closed())...),
		ws("gtws_second_init", "connection_init twice", with(gtwsInit, closed())...),
		ws("gtws_binary_frame", "a binary frame is read like a text one",
			with(Step{Binary: frame("subscribe", "b", op("{ hello }"))}, until(`"complete"`))...),
		ws("gtws_html_id", "an operation id with HTML characters",
			with(send(frame("subscribe", "<1>&\u2028", op("{ hello }"))), until(`"complete"`))...),
		ws("gtws_no_id", "subscribe without an id", with(send(frame("subscribe", "", op("{ hello }"))), until(`"complete"`))...),
		deliberate(ws("gtws_bad_init_payload", "a connection_init payload that is not an object",
			send(frame("connection_init", "", `[1]`)), Step{Quiet: time.Second}),
			"upstream returns without closing the socket, leaving the client waiting; we close it like any undecodable init frame", false),
		ws("gtws_null_init_payload", "a null connection_init payload", send(frame("connection_init", "", `null`)), read(1)),
		ws("gtws_complete_unknown_id", "complete for an id that is not running",
			with(send(frame("complete", "nope", "")), send(frame("ping", "", "")), read(1))...),
		deliberate(ws("gtws_duplicate_id", "a second subscribe with the id of a running one",
			with(send(frame("subscribe", "1", op("subscription { untilCancelled }"))), read(1),
				send(frame("subscribe", "1", op("{ hello }"))), until(`"complete"`))...),
			"graphql-transport-ws: a subscribe with the id of a running operation closes the socket with "+
				"4409 Subscriber for <id> already exists (PROTOCOL.md of graphql-ws); upstream runs both", false),
		Case{Name: "gtws_ping_interval", About: "PingPongInterval: server pings, the client pongs", Path: "/keepalive", WS: &Script{
			Subprotocols: proto(gtws), Steps: []Step{gtwsInit, read(2), send(frame("pong", "", "")), read(1)},
		}},
		Case{Name: "gtws_pong_only", About: "PongOnlyInterval: unsolicited pongs", Path: "/pongonly", WS: &Script{
			Subprotocols: proto(gtws), Steps: []Step{gtwsInit, read(2)},
		}},
		deliberate(Case{Name: "gtws_tuned", About: "error presenter and response extension over the socket", Path: "/tuned", WS: &Script{
			Subprotocols: proto(gtws),
			Steps: failing(send(frame("subscribe", "1", op("subscription { ticks(n: 1) }"))), until(`"complete"`),
				send(frame("subscribe", "2", op("{ helo }")))),
		}}, errorEnds, false),
	}
}

func gwsCases() []Case {
	ws := func(name, about string, steps ...Step) Case {
		return ws("/query", name, about, proto(gws), steps...)
	}
	ack := []Step{gwsInit, read(2)}
	with := func(steps ...Step) []Step { return append(append([]Step{}, ack...), steps...) }
	return []Case{
		ws("gws_subscription", "start, data, complete, then connection_terminate",
			with(send(frame("start", "1", op("subscription { ticks(n: 2) }"))), until(`"complete"`), send(frame("connection_terminate", "", "")), closed())...),
		ws("gws_stop", "stop a running subscription",
			with(send(frame("start", "s", op("subscription { untilCancelled }"))), read(1), send(frame("stop", "s", "")), until(`"complete"`))...),
		ws("gws_query", "a query over graphql-ws", with(send(frame("start", "q", op("{ hello html }"))), until(`"complete"`))...),
		ws("gws_validation_error", "an error frame then complete",
			with(send(frame("start", "v", op("{ nope }"))), until(`"complete"`))...),
		ws("gws_bad_payload", "a start payload that is not an object", with(send(frame("start", "b", `[1]`)), until(`"complete"`))...),
		ws("gws_subscription_error", "AddSubscriptionError over graphql-ws",
			with(send(frame("start", "s", op("subscription { subscriptionError }"))), until(`"error"`))...),
		ws("gws_init_rejected", "InitFunc fails: connection_error, then close",
			send(frame("connection_init", "", `{"reject":"no <way>"}`)), closed()),
		ws("gws_bad_json_init", "not JSON as the first frame: connection_error", send(`nope`), closed()),
		ws("gws_start_before_init", "start before connection_init", send(frame("start", "1", op("{ hello }"))), closed()),
		ws("gws_ack_from_client", "connection_ack from the client before init", send(frame("connection_ack", "", "")), closed()),
		ws("gws_terminate_before_init", "connection_terminate first", send(frame("connection_terminate", "", "")), closed()),
		ws("gws_unknown_type", "an unknown message type after init", with(send(frame("subscribe", "1", op("{ hello }"))), closed())...),
		ws("gws_server_type_from_client", "a server-only message type after init", with(send(frame("data", "1", `{}`)), closed())...),
		deliberate(ws("gws_bad_init_payload", "a connection_init payload that is not an object",
			send(frame("connection_init", "", `"x"`)), Step{Quiet: time.Second}),
			"upstream returns without closing the socket, leaving the client waiting; we send connection_error and close it like any undecodable init frame", false),
		ws("gws_init_payload_ack", "an InitFunc ack payload over graphql-ws",
			send(frame("connection_init", "", `{"ack":"<ok>"}`)), read(2)),
		ws("gws_ka_from_client", "ka from the client", with(send(frame("ka", "", "")), closed())...),
		Case{Name: "gws_keepalive", About: "KeepAlivePingInterval: periodic ka", Path: "/keepalive", WS: &Script{
			Subprotocols: proto(gws), Steps: []Step{gwsInit, read(4)},
		}},
		Case{Name: "ws_bad_origin", About: "a cross-origin handshake is refused", Path: "/query", WS: &Script{
			Subprotocols: proto(gtws), Header: []string{"Origin: http://evil.example"}, Steps: []Step{closed()},
		}},
		Case{Name: "ws_no_subprotocol", About: "no subprotocol offered: graphql-ws", Path: "/query", WS: &Script{
			Steps: []Step{gwsInit, read(2), send(frame("start", "1", op("{ hello }"))), until(`"complete"`)},
		}},
		Case{Name: "ws_unsupported_subprotocol", About: "a negotiated subprotocol gqlgen does not speak", Path: "/ws-extra", WS: &Script{
			Subprotocols: []string{"foo"}, Steps: []Step{closed()},
		}},
		Case{Name: "ws_init_timeout", About: "no connection_init within InitTimeout", Path: "/small", WS: &Script{
			Subprotocols: proto(gws), Steps: []Step{closed()},
		}},
		Case{Name: "ws_read_limit", About: "a frame over PayloadReadLimit", Path: "/small", WS: &Script{
			Subprotocols: proto(gtws),
			Steps:        []Step{gtwsInit, read(1), send(frame("subscribe", "1", op("{ "+strings.Repeat("hello ", 20)+"}"))), closed()},
		}},
	}
}

// fullIntrospection asks for everything the introspection types offer.
const fullIntrospection = `query Everything {
  __schema {
    description
    queryType { name }
    mutationType { name }
    subscriptionType { name }
    types { ...T }
    directives { name description locations isRepeatable args(includeDeprecated: true) { ...V } }
  }
}
fragment T on __Type {
  kind name description specifiedByURL isOneOf
  fields(includeDeprecated: true) { name description args(includeDeprecated: true) { ...V } type { ...R } isDeprecated deprecationReason }
  inputFields { ...V }
  interfaces { ...R }
  enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
  possibleTypes { ...R }
}
fragment V on __InputValue { name description type { ...R } defaultValue isDeprecated deprecationReason }
fragment R on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }`
