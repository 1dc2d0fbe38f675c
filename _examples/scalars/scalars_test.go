package scalars

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/99designs/gqlgen/client"
)

const itemFields = `id name createdAt location price color tags extra`

func newResolver() *Resolver {
	r := NewResolver()
	n := 0
	r.NewID = func() uuid.UUID {
		n++
		return uuid.MustParse("00000000-0000-4000-8000-" + strings.Repeat("0", 11) + string(rune('0'+n)))
	}
	r.Now = func() time.Time { return time.Date(2026, 12, 1, 3, 30, 0, 123, time.FixedZone("CET", 3600)) }
	return r
}

// raw posts a JSON body and returns the response body exactly as written,
// so the tests pin each scalar's wire form.
func raw(t *testing.T, h http.Handler, body string, header ...string) string {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

func TestEveryScalarOnTheWire(t *testing.T) {
	h := NewServer(newResolver())
	got := raw(t, h, `{"query":"mutation($in: NewItem!) { createItem(input: $in) { `+itemFields+` } }",
		"variables":{"in":{"name":"lamp","location":"3, -4","price":"12.5","color":"#1E90ff",
		"tags":{"room":"hall","floor":2},"extra":[1,"two",{"three":3.0}]}}}`)
	want := `{"data":{"createItem":{"id":"00000000-0000-4000-8000-000000000001","name":"lamp",` +
		`"createdAt":"2026-12-01T02:30:00Z","location":"3,-4","price":"USD 12.50","color":"#1e90ff",` +
		`"tags":{"floor":2,"room":"hall"},"extra":[1,"two",{"three":3.0}]}}}`
	if got != want {
		t.Errorf("createItem:\n got %s\nwant %s", got, want)
	}

	// Money reads the currency from the request context.
	got = raw(t, h, `{"query":"{ items { price } }"}`, "X-Currency", "EUR")
	if want := `{"data":{"items":[{"price":"EUR 11.25"}]}}`; got != want {
		t.Errorf("EUR:\n got %s\nwant %s", got, want)
	}
	// And its marshaller can fail: a field error, and null where the value was.
	got = raw(t, h, `{"query":"{ items { name price } }"}`, "X-Currency", "XYZ")
	if !strings.Contains(got, `unsupported currency \"XYZ\"`) || !strings.Contains(got, `"path":["items",0,"price"]`) {
		t.Errorf("XYZ: %s", got)
	}
}

func TestBadScalarInput(t *testing.T) {
	c := client.New(NewServer(newResolver()))
	for _, tc := range []struct {
		field string
		value any
		want  string
	}{
		{"location", "3;4", `two integers like`},
		{"location", 34, `must be a string`},
		{"price", "1.999", `at most 2 decimals`},
		{"price", "-1", `non-negative`},
		{"color", "blue", `must look like`},
		{"color", "#12345g", `hexadecimal`},
	} {
		in := map[string]any{"name": "x", "price": "1"}
		in[tc.field] = tc.value
		var resp map[string]any
		err := c.Post(`mutation($in: NewItem!) { createItem(input: $in) { id } }`, &resp, client.Var("in", in))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%s=%v: want an error naming the field and saying %q, got %v", tc.field, tc.value, tc.want, err)
		}
	}
	var resp map[string]any
	if err := c.Post(`{ item(id: "not-a-uuid") { id } }`, &resp); err == nil || !strings.Contains(err.Error(), "UUID") {
		t.Errorf("bad UUID: %v", err)
	}
}

type item struct {
	Name     string
	Location *string
	Color    *string
	Tags     map[string]any
}

func TestOmittablePatch(t *testing.T) {
	c := client.New(NewServer(newResolver()))
	var created struct{ CreateItem struct{ ID string } }
	c.MustPost(`mutation { createItem(input: {name: "desk", price: 100, location: "1,1", color: "#000000", tags: {a: 1}}) { id } }`, &created)
	id := created.CreateItem.ID

	update := func(patch map[string]any) item {
		t.Helper()
		var resp struct{ UpdateItem item }
		c.MustPost(`mutation($id: UUID!, $p: ItemPatch!) { updateItem(id: $id, patch: $p) { name location color tags } }`, &resp,
			client.Var("id", id), client.Var("p", patch))
		return resp.UpdateItem
	}
	// Left out: kept.
	got := update(map[string]any{"name": "standing desk"})
	if got.Name != "standing desk" || got.Location == nil || *got.Location != "1,1" || got.Color == nil || got.Tags["a"] != float64(1) {
		t.Errorf("after renaming: %+v", got)
	}
	// Null: cleared; a value: set; still left out: kept.
	got = update(map[string]any{"location": nil, "color": "#ff0000"})
	if got.Name != "standing desk" || got.Location != nil || got.Color == nil || *got.Color != "#ff0000" || got.Tags == nil {
		t.Errorf("after clearing location: %+v", got)
	}
	// Nothing: nothing changes.
	if again := update(map[string]any{}); again.Name != got.Name || again.Location != nil || *again.Color != "#ff0000" || again.Tags == nil {
		t.Errorf("after an empty patch: %+v", again)
	}
	// A null where the resolver cannot accept one is its error to report.
	var resp map[string]any
	err := c.Post(`mutation($id: UUID!) { updateItem(id: $id, patch: {name: null}) { name } }`, &resp, client.Var("id", id))
	if err == nil || !strings.Contains(err.Error(), "name cannot be cleared") {
		t.Errorf("null name: %v", err)
	}
}

func TestAnyKeepsPrecision(t *testing.T) {
	h := NewServer(newResolver())
	// 2^53+1 does not fit a float64: Any values are decoded as json.Number
	// with every codec, so it comes back digit for digit.
	got := raw(t, h, `{"query":"query($v: Any) { echo(value: $v) }","variables":{"v":{"big":9007199254740993,"list":[true,null,"s",1.5e300]}}}`)
	want := `{"data":{"echo":{"big":9007199254740993,"list":[true,null,"s",1.5e300]}}}`
	if got != want {
		t.Errorf("echo:\n got %s\nwant %s", got, want)
	}
	got = raw(t, h, `{"query":"{ echo(value: {nested: [1, 2.5, \"x\"]}) }"}`)
	if want := `{"data":{"echo":{"nested":[1,2.5,"x"]}}}`; got != want {
		t.Errorf("echo literal:\n got %s\nwant %s", got, want)
	}
}
