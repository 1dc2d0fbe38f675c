package playground

import (
	"crypto/sha256"
	"encoding/base64"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/codec"
)

// fetchPage runs h for a GET of pageURL and returns the response and body.
func fetchPage(t *testing.T, h http.Handler, pageURL string) (*http.Response, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, pageURL, http.NoBody))
	res := rec.Result()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res, string(b)
}

// pageAsset is a file a page loads, as a browser would resolve it.
type pageAsset struct {
	tag, url, integrity string
	hasIntegrity        bool
	crossOrigin         string
}

var (
	assetTag  = regexp.MustCompile(`<(script|link|base)\b([^>]*)>`)
	attribute = regexp.MustCompile(`([a-z][a-z-]*)="([^"]*)"`)
)

// pageAssets lists the scripts and stylesheets of page, with URLs resolved
// against its <base> (or pageURL).
func pageAssets(t *testing.T, pageURL, page string) []pageAsset {
	t.Helper()
	base, err := url.Parse(pageURL)
	require.NoError(t, err)
	var assets []pageAsset
	for _, m := range assetTag.FindAllStringSubmatch(page, -1) {
		attrs := map[string]string{}
		for _, a := range attribute.FindAllStringSubmatch(m[2], -1) {
			attrs[a[1]] = html.UnescapeString(a[2])
		}
		ref := attrs["src"]
		switch {
		case m[1] == "base":
			base, err = base.Parse(attrs["href"])
			require.NoError(t, err)
			continue
		case m[1] == "link" && attrs["rel"] != "stylesheet":
			continue
		case m[1] == "link":
			ref = attrs["href"]
		case ref == "":
			continue // an inline script
		}
		u, err := base.Parse(ref)
		require.NoError(t, err)
		integrity, has := attrs["integrity"]
		assets = append(assets, pageAsset{
			tag: m[1], url: u.String(), integrity: integrity, hasIntegrity: has,
			crossOrigin: attrs["crossorigin"],
		})
	}
	return assets
}

// sri is the sha256 subresource-integrity value of content.
func sri(content []byte) string {
	sum := sha256.Sum256(content)
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

var settingsLine = regexp.MustCompile(`(?m)^\s*var settings = (.*);$`)

// pageSettings decodes the settings object the page's script starts from.
func pageSettings(t *testing.T, page string) map[string]any {
	t.Helper()
	m := settingsLine.FindStringSubmatch(page)
	require.NotNil(t, m, "no settings in page")
	var v map[string]any
	require.NoError(t, codec.Unmarshal([]byte(m[1]), &v))
	return v
}

// inlineScript returns the last <script> element's code.
func inlineScript(t *testing.T, page string) string {
	t.Helper()
	i := strings.LastIndex(page, "<script>")
	require.GreaterOrEqual(t, i, 0)
	j := strings.Index(page[i:], "</script>")
	require.GreaterOrEqual(t, j, 0)
	return page[i+len("<script>") : i+j]
}
