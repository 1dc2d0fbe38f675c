package playgroundassets

import (
	"crypto/sha256"
	"encoding/base64"
	"html"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql/playground"
)

// get sends a GET for target to h and returns the response and its body.
func get(t *testing.T, h http.Handler, target string) (*http.Response, []byte) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	res := rec.Result()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("reading %s: %v", target, err)
	}
	return res, body
}

func sri(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// pageAsset is a <script src> or <link href> of a page with its integrity
// attribute.
type pageAsset struct{ url, integrity string }

var assetRE = regexp.MustCompile(`<(?:script src|link rel="stylesheet" href)="([^"]+)"(?: integrity="([^"]*)")?`)

func pageAssets(t *testing.T, page []byte) []pageAsset {
	t.Helper()
	var out []pageAsset
	for _, m := range assetRE.FindAllStringSubmatch(string(page), -1) {
		out = append(out, pageAsset{html.UnescapeString(m[1]), html.UnescapeString(m[2])})
	}
	if len(out) == 0 {
		t.Fatalf("no assets found in page:\n%s", page)
	}
	return out
}

// baseHref is the <base href> of an Altair page, against which its assets
// are resolved.
func baseHref(page []byte) string {
	m := regexp.MustCompile(`<base href="([^"]+)">`).FindSubmatch(page)
	if m == nil {
		return ""
	}
	return string(m[1])
}

func newMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/static/", Handler("/static/"))
	mux.Handle("/graphiql", playground.Handler("API", "/query",
		append(GraphiQL("static"), playground.WithGraphiqlEnablePluginExplorer(true))...))
	mux.Handle("/altair", playground.AltairHandlerWithAssets("API", "/query", nil, Altair("/static")))
	return mux
}

// TestPagesLoadOnlyLocalFilesWithMatchingHashes serves both pages with the
// options of this package and fetches every file each page names: each is
// served from the prefix and matches its integrity attribute, so a browser
// loads the page without any other host.
func TestPagesLoadOnlyLocalFilesWithMatchingHashes(t *testing.T) {
	mux := newMux()
	for _, page := range []string{"/graphiql", "/altair"} {
		t.Run(page, func(t *testing.T) {
			res, body := get(t, mux, page)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			base := baseHref(body)
			assets := pageAssets(t, body)
			// GraphiQL: its stylesheet and script, the plugin's two,
			// React and ReactDOM. Altair: styles, main, polyfills, runtime.
			want := map[string]int{"/graphiql": 6, "/altair": 4}[page]
			if len(assets) != want {
				t.Fatalf("%d assets, want %d: %v", len(assets), want, assets)
			}
			for _, a := range assets {
				u := base + a.url
				if !strings.HasPrefix(u, "/static/") {
					t.Errorf("%s is not served from /static/", u)
					continue
				}
				if a.integrity == "" {
					t.Errorf("%s has no integrity hash", u)
				}
				res, content := get(t, mux, u)
				if res.StatusCode != http.StatusOK {
					t.Errorf("%s: status %d", u, res.StatusCode)
					continue
				}
				if got := sri(content); got != a.integrity {
					t.Errorf("%s: content hashes to %s, page says %s", u, got, a.integrity)
				}
				if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
					t.Errorf("%s: Cache-Control %q", u, cc)
				}
			}
			if strings.Contains(string(body), "cdn.") {
				t.Errorf("page still names a CDN:\n%s", body)
			}
		})
	}
}

// TestSameBytesAsTheCDN compares the hashes of the embedded files with the
// ones the playground package pins for its jsDelivr URLs: equal hashes mean
// the pages load the very files they load by default. The explorer
// plugin's stylesheet is the exception: jsDelivr serves a style.min.css it
// minifies itself, which the npm release does not contain.
func TestSameBytesAsTheCDN(t *testing.T) {
	integrity := func(page []byte) map[string]string {
		m := map[string]string{}
		for _, a := range pageAssets(t, page) {
			m[a.url[strings.LastIndex(a.url, "/")+1:]] = a.integrity
		}
		return m
	}
	_, cdnPage := get(t, playground.Handler("API", "/query", playground.WithGraphiqlEnablePluginExplorer(true)), "/")
	_, localPage := get(t, newMux(), "/graphiql")
	cdn, local := integrity(cdnPage), integrity(localPage)
	for _, name := range []string{"graphiql.min.js", "graphiql.min.css", "react.production.min.js", "react-dom.production.min.js", "index.umd.js"} {
		if cdn[name] == "" || cdn[name] != local[name] {
			t.Errorf("%s: CDN hash %q, embedded file %q", name, cdn[name], local[name])
		}
	}

	def, ours := playground.DefaultAltairAssets(), Altair("/x/")
	def.BaseURL, ours.BaseURL = "", ""
	if def != ours {
		t.Errorf("Altair hashes differ from the CDN's:\n default %+v\n embedded %+v", def, ours)
	}
}

// TestHandlerServesTheWholeAltairBuild fetches every embedded file of the
// Altair build, which loads chunks, fonts and translations on demand.
func TestHandlerServesTheWholeAltairBuild(t *testing.T) {
	h := Handler("/a/")
	n := 0
	err := fs.WalkDir(FS(), strings.TrimSuffix(altairDir, "/"), func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		want, err := fs.ReadFile(FS(), name)
		if err != nil {
			return err
		}
		res, body := get(t, h, "/a/"+name)
		if res.StatusCode != http.StatusOK || string(body) != string(want) {
			t.Errorf("%s: status %d, %d bytes, want %d", name, res.StatusCode, len(body), len(want))
		}
		if res.Header.Get("Content-Type") == "" {
			t.Errorf("%s: no Content-Type", name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 50 {
		t.Fatalf("only %d files in the Altair build", n)
	}
	res, _ := get(t, h, "/a/"+altairDir+"jetbrains-mono-latin-400-normal.woff2")
	if ct := res.Header.Get("Content-Type"); ct != "font/woff2" {
		t.Errorf("woff2 served as %q", ct)
	}
}

func TestHandlerRefusesWhatIsNotAFile(t *testing.T) {
	h := Handler("/a/")
	for _, target := range []string{
		"/a/",
		"/a/graphiql@4.1.2",
		"/a/graphiql@4.1.2/",
		"/a/graphiql@4.1.2/missing.js",
		"/a/../assets.go",
		"/b/graphiql@4.1.2/graphiql.min.js",
		"/graphiql@4.1.2/graphiql.min.js",
	} {
		if res, _ := get(t, h, target); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", target, res.StatusCode)
		}
	}
}

func TestIntegrity(t *testing.T) {
	b, err := fs.ReadFile(FS(), "react@18.2.0/LICENSE")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Integrity("react@18.2.0/LICENSE")
	if err != nil || got != sri(b) {
		t.Errorf("Integrity(LICENSE) = %q, %v; want %q", got, err, sri(b))
	}
	if _, err := Integrity("nope.js"); err == nil {
		t.Error("Integrity of a missing file: no error")
	}
}
