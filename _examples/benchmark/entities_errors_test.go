package benchmark_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// TestEntitiesBadRepresentation sends representations of which one, after
// two good ones, is not an object: the error names its index in the list
// (the list unmarshaler shares one path position among its elements, so
// this checks the position is the failing element's).
func TestEntitiesBadRepresentation(t *testing.T) {
	for _, bad := range []string{`5`, `"x"`, `[1]`} {
		payload := `{"query":"query($r:[_Any!]!){_entities(representations:$r){... on Product{upc}}}",` +
			`"variables":{"r":[{"__typename":"Product","upc":"P1"},{"__typename":"Product","upc":"P2"},` + bad + `]}}`
		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(payload))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		entitiesServer().ServeHTTP(w, req)
		var resp struct {
			Data   map[string]any `json:"data"`
			Errors []struct {
				Message string `json:"message"`
				Path    []any  `json:"path"`
			} `json:"errors"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &resp); err != nil {
			t.Fatalf("%s: response %q: %v", bad, w.Body.String(), err)
		}
		if len(resp.Errors) != 1 {
			t.Fatalf("%s: want one error, got %s", bad, w.Body.String())
		}
		want := []any{"_entities", "representations", float64(2)}
		if !reflect.DeepEqual(resp.Errors[0].Path, want) {
			t.Errorf("%s: error path %v, want %v (%s)", bad, resp.Errors[0].Path, want, w.Body.String())
		}
	}
}
