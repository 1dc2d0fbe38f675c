package client_test

import (
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/go-viper/mapstructure/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/client"
	"github.com/99designs/gqlgen/codec"
)

// recorded is what a fake server saw of one request.
type recorded struct {
	method, path, rawQuery string
	header                 http.Header
	cookies                []*http.Cookie
	body                   string
	user, pass             string
	basic                  bool
}

// fakeServer answers every request with status and body and keeps what it
// received.
func fakeServer(status int, body string) (http.Handler, *[]recorded) {
	var seen []recorded
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rec := recorded{
			method:   r.Method,
			path:     r.URL.Path,
			rawQuery: r.URL.RawQuery,
			header:   r.Header.Clone(),
			cookies:  r.Cookies(),
			body:     string(b),
		}
		rec.user, rec.pass, rec.basic = r.BasicAuth()
		seen = append(seen, rec)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}), &seen
}

func TestRequestBody(t *testing.T) {
	tests := []struct {
		name string
		opts []client.Option
		want string
	}{
		{"query only", nil, `{"query":"{ me }"}`},
		{"variables", []client.Option{client.Var("id", 7), client.Var("name", "<b>")},
			`{"query":"{ me }","variables":{"id":7,"name":"\u003cb\u003e"}}`},
		{"operation name", []client.Option{client.Operation("Me")},
			`{"query":"{ me }","operationName":"Me"}`},
		{"extensions", []client.Option{client.Extensions(map[string]any{"persistedQuery": map[string]any{"version": 1}})},
			`{"query":"{ me }","extensions":{"persistedQuery":{"version":1}}}`},
		{"later var wins", []client.Option{client.Var("a", 1), client.Var("a", 2)},
			`{"query":"{ me }","variables":{"a":2}}`},
		{"everything", []client.Option{client.Extensions(map[string]any{"x": true}), client.Operation("Me"), client.Var("b", nil)},
			`{"query":"{ me }","variables":{"b":null},"operationName":"Me","extensions":{"x":true}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, seen := fakeServer(http.StatusOK, `{"data":{}}`)
			_, err := client.New(h).RawPost("{ me }", tt.opts...)
			require.NoError(t, err)
			require.Len(t, *seen, 1)
			got := (*seen)[0]
			assert.Equal(t, http.MethodPost, got.method)
			assert.Equal(t, "/", got.path)
			assert.Equal(t, "application/json", got.header.Get("Content-Type"))
			assert.JSONEq(t, tt.want, got.body)
			want, err := codec.Marshal(json.RawMessage(tt.want))
			require.NoError(t, err)
			assert.Equal(t, string(want), got.body, "compact, in field order")
		})
	}
}

func TestPostDecodesData(t *testing.T) {
	h, _ := fakeServer(http.StatusOK,
		`{"data":{"user":{"name":"bob","age":42,"score":1.5,"tags":["a","b"],"id":"9007199254740993"}}}`)
	var resp struct {
		User struct {
			Name  string
			Age   int
			Score float64
			Tags  []string
			ID    string `json:"id"`
		}
	}
	require.NoError(t, client.New(h).Post("{ user { name } }", &resp))
	assert.Equal(t, "bob", resp.User.Name)
	assert.Equal(t, 42, resp.User.Age)
	assert.InDelta(t, 1.5, resp.User.Score, 0)
	assert.Equal(t, []string{"a", "b"}, resp.User.Tags)
	assert.Equal(t, "9007199254740993", resp.User.ID)
}

func TestPostIntoMap(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"data":{"n":3,"list":[1,{"x":2.5}]}}`)
	var resp map[string]any
	require.NoError(t, client.New(h).Post("{ n }", &resp))
	assert.Equal(t, map[string]any{"n": float64(3), "list": []any{float64(1), map[string]any{"x": 2.5}}}, resp)
}

func TestPostRejectsUnknownKeys(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"data":{"name":"bob","extra":1}}`)
	var resp struct{ Name string }
	err := client.New(h).Post("{ name }", &resp)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "invalid keys: extra")
	assert.Equal(t, "bob", resp.Name)
}

func TestPostZeroesMaps(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"data":{"b":2}}`)
	resp := map[string]any{"a": 1}
	require.NoError(t, client.New(h).Post("{ b }", &resp))
	assert.Equal(t, map[string]any{"b": float64(2)}, resp)
}

func TestPostReturnsServerErrors(t *testing.T) {
	const errs = `[{"message":"boom \u003c","path":["user","name"]}]`
	h, _ := fakeServer(http.StatusOK, `{"errors":  `+errs+`,"data":{"user":{"name":null,"age":1}}}`)
	var resp struct {
		User struct {
			Name *string
			Age  int
		}
	}
	err := client.New(h).Post("{ user { name age } }", &resp)
	var raw client.RawJsonError
	require.ErrorAs(t, err, &raw)
	assert.Equal(t, errs, err.Error())
	assert.Equal(t, errs, string(raw.RawMessage))
	assert.Equal(t, 1, resp.User.Age, "partial data is still decoded")
	assert.Nil(t, resp.User.Name)
}

func TestPostErrorsWinOverDecodeErrors(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"errors":[{"message":"x"}],"data":{"unknown":1}}`)
	var resp struct{ Known int }
	err := client.New(h).Post("{ x }", &resp)
	assert.EqualError(t, err, `[{"message":"x"}]`)
}

func TestPostNullErrorsAreStillErrors(t *testing.T) {
	var probe struct{ E json.RawMessage }
	if err := codec.Unmarshal([]byte(`{"e":null}`), &probe); err != nil || probe.E == nil {
		t.Skipf("codec %s does not decode null into json.RawMessage as encoding/json does", codec.Name())
	}
	h, _ := fakeServer(http.StatusOK, `{"data":{},"errors":null}`)
	var resp struct{}
	err := client.New(h).Post("{ x }", &resp)
	assert.EqualError(t, err, "null")
}

func TestRawPost(t *testing.T) {
	h, _ := fakeServer(http.StatusOK,
		`{"data":{"n":1},"extensions":{"complexity":12,"tracing":{"version":1,"list":[2]}}}`)
	resp, err := client.New(h).RawPost("{ n }")
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"n": float64(1)}, resp.Data)
	assert.Nil(t, resp.Errors)
	assert.Equal(t, map[string]any{
		"complexity": float64(12),
		"tracing":    map[string]any{"version": float64(1), "list": []any{float64(2)}},
	}, resp.Extensions)
}

func TestRawPostMatchesKeysCaseInsensitively(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"DATA":"x","Errors":[1],"EXTENSIONS":{"a":"b"}}`)
	resp, err := client.New(h).RawPost("{ n }")
	require.NoError(t, err)
	assert.Equal(t, "x", resp.Data)
	assert.Equal(t, `[1]`, string(resp.Errors))
	assert.Equal(t, map[string]any{"a": "b"}, resp.Extensions)
}

func TestRawPostNullBody(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `null`)
	resp, err := client.New(h).RawPost("{ n }")
	require.NoError(t, err)
	assert.Nil(t, resp)
}

func TestRawPostFailures(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
		want   string
	}{
		{"bad request", http.StatusBadRequest, `{"errors":[{"message":"bad"}]}`, `http 400: {"errors":[{"message":"bad"}]}`},
		{"unprocessable", http.StatusUnprocessableEntity, `nope`, `http 422: nope`},
		{"server error", http.StatusInternalServerError, ``, `http 500: `},
		{"not json", http.StatusOK, `notjson`, `decode: invalid character 'o' in literal null (expecting 'u')`},
		{"trailing data", http.StatusOK, `{"data":{}} x`, `decode: `},
		{"truncated", http.StatusOK, `{"data":`, `decode: `},
		{"wrong shape", http.StatusOK, `[1]`, `decode: `},
		{"number out of range", http.StatusOK, `{"data":1e400}`, `decode: `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := fakeServer(tt.status, tt.body)
			resp, err := client.New(h).RawPost("{ n }")
			require.Error(t, err)
			assert.Nil(t, resp)
			assert.True(t, strings.HasPrefix(err.Error(), tt.want), "got %q, want prefix %q", err, tt.want)

			var out struct{}
			err2 := client.New(h).Post("{ n }", &out)
			assert.Equal(t, err.Error(), err2.Error(), "Post reports what RawPost reports")
		})
	}
}

func TestMustPost(t *testing.T) {
	ok, _ := fakeServer(http.StatusOK, `{"data":{"a":"b"}}`)
	var resp struct{ A string }
	assert.NotPanics(t, func() { client.New(ok).MustPost("{ a }", &resp) })
	assert.Equal(t, "b", resp.A)

	bad, _ := fakeServer(http.StatusOK, `{"errors":[{"message":"no"}]}`)
	assert.PanicsWithError(t, `[{"message":"no"}]`, func() { client.New(bad).MustPost("{ a }", &resp) })
}

func TestRequestOptions(t *testing.T) {
	h, seen := fakeServer(http.StatusOK, `{"data":{}}`)
	c := client.New(h, client.AddHeader("X-Client", "1"), client.Var("fromClient", true))
	_, err := c.RawPost("{ a }",
		client.AddHeader("X-Call", "2"),
		client.AddHeader("X-Client", "3"),
		client.BasicAuth("user", "pa:ss"),
		client.AddCookie(&http.Cookie{Name: "session", Value: "abc"}),
		client.AddCookie(&http.Cookie{Name: "theme", Value: "dark"}),
		client.Path("/graphql"),
		client.Var("fromCall", 1),
	)
	require.NoError(t, err)
	got := (*seen)[0]
	assert.Equal(t, []string{"1", "3"}, got.header.Values("X-Client"), "client options run first")
	assert.Equal(t, "2", got.header.Get("X-Call"))
	assert.True(t, got.basic)
	assert.Equal(t, "user", got.user)
	assert.Equal(t, "pa:ss", got.pass)
	require.Len(t, got.cookies, 2)
	assert.Equal(t, "session", got.cookies[0].Name)
	assert.Equal(t, "abc", got.cookies[0].Value)
	assert.Equal(t, "dark", got.cookies[1].Value)
	assert.Equal(t, "/graphql", got.path)
	assert.JSONEq(t, `{"query":"{ a }","variables":{"fromClient":true,"fromCall":1}}`, got.body)
}

func TestClientOptionsAreReapplied(t *testing.T) {
	h, seen := fakeServer(http.StatusOK, `{"data":{}}`)
	c := client.New(h, client.Var("v", 1))
	for range 2 {
		_, err := c.RawPost("{ a }")
		require.NoError(t, err)
	}
	require.Len(t, *seen, 2)
	assert.Equal(t, (*seen)[0].body, (*seen)[1].body)
}

func TestSetCustomTarget(t *testing.T) {
	h, seen := fakeServer(http.StatusOK, `{"data":{}}`)
	c := client.New(h)
	c.SetCustomTarget("/api/query?tenant=a")
	_, err := c.RawPost("{ a }")
	require.NoError(t, err)
	assert.Equal(t, "/api/query", (*seen)[0].path)
	assert.Equal(t, "tenant=a", (*seen)[0].rawQuery)

	_, err = c.RawPost("{ a }", client.Path("/other"))
	require.NoError(t, err)
	assert.Equal(t, "/other", (*seen)[1].path)
}

func TestSetCustomDecodeConfig(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"data":{"name":"bob","extra":1,"when":"x"}}`)
	type out struct {
		Name string `gql:"name"`
		When []byte `gql:"when"`
	}
	c := client.New(h)
	dc := &mapstructure.DecoderConfig{
		TagName: "gql",
		DecodeHook: func(from, to reflect.Type, v any) (any, error) {
			if to == reflect.TypeFor[[]byte]() {
				return []byte("hooked:" + v.(string)), nil
			}
			return v, nil
		},
	}
	c.SetCustomDecodeConfig(dc)
	var resp out
	require.NoError(t, c.Post("{ name }", &resp), "the default ErrorUnused is not applied")
	assert.Equal(t, "bob", resp.Name)
	assert.Equal(t, "hooked:x", string(resp.When))

	c.SetCustomDecodeConfig(&mapstructure.DecoderConfig{TagName: "gql", ErrorUnused: true})
	err := c.Post("{ name }", &resp)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "invalid keys")
}

func TestDecodeConfigError(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"data":{}}`)
	var resp struct{}
	err := client.New(h).Post("{ a }", resp)
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "mapstructure: "), err.Error())
}

func TestBuildErrors(t *testing.T) {
	h, seen := fakeServer(http.StatusOK, `{"data":{}}`)
	_, err := client.New(h).RawPost("{ a }", client.Var("ch", make(chan int)))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "build: encode: "), err.Error())
	assert.Empty(t, *seen)
}

func TestUnsupportedContentTypePanics(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"data":{}}`)
	setCT := func(ct string) client.Option {
		return func(bd *client.Request) { bd.HTTP.Header.Set("Content-Type", ct) }
	}
	assert.PanicsWithValue(t, "unsupported encoding text/plain", func() {
		_, _ = client.New(h).RawPost("{ a }", setCT("text/plain"))
	})
	assert.PanicsWithValue(t, "unsupported encoding multipart/form-data", func() {
		_, _ = client.New(h).RawPost("{ a }", setCT("multipart/form-data"))
	})
	// A form-data body prepared by an option is sent untouched.
	for _, ct := range []string{"multipart/form-data; boundary=x", "multipart/form-data;boundary=x"} {
		_, err := client.New(h).RawPost("{ a }", setCT(ct), func(bd *client.Request) {
			bd.HTTP.Body = io.NopCloser(strings.NewReader("--x--"))
		})
		assert.NoError(t, err, ct)
	}
}

func TestRequestSeenByOptions(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"data":{}}`)
	var got *client.Request
	_, err := client.New(h).RawPost("{ a }", client.Operation("A"), func(bd *client.Request) { got = bd })
	require.NoError(t, err)
	assert.Equal(t, "{ a }", got.Query)
	assert.Equal(t, "A", got.OperationName)
	assert.Equal(t, http.MethodPost, got.HTTP.Method)
	assert.Equal(t, "/", got.HTTP.URL.Path)
}
