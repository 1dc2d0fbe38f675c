// Package playgroundassets serves the JavaScript and CSS of the playground
// pages of github.com/99designs/gqlgen/graphql/playground from the program
// itself, so that GraphiQL and Altair work without access to a CDN (an
// intranet, an air-gapped machine, a strict Content-Security-Policy).
//
// The files are copies of pinned npm releases, embedded in the binary:
// GraphiQL 4.1.2 with React 18.2.0 and the explorer plugin 4.0.6, and
// altair-static 8.1.3, the versions the playground package loads from
// jsDelivr by default. Mount Handler under a path prefix and build the
// pages with the options for that prefix:
//
//	mux.Handle("/assets/", playgroundassets.Handler("/assets/"))
//	mux.Handle("/", playground.Handler("GraphQL", "/query", playgroundassets.GraphiQL("/assets/")...))
//	mux.Handle("/altair", playground.AltairHandlerWithAssets("GraphQL", "/query", nil, playgroundassets.Altair("/assets/")))
//
// The integrity hashes the pages check are computed from the embedded
// files. Apollo Sandbox is not covered: its page embeds an iframe served by
// Apollo, which no local copy can replace.
//
// This is a module of its own so that programs which do not serve the
// files do not carry the 8 MB of them.
package playgroundassets

import (
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"

	"github.com/99designs/gqlgen/graphql/playground"
)

// files holds fetch.sh's output: files/NAME@VERSION/PATH.
//
//go:embed files
var files embed.FS

// The releases the files come from; fetch.sh pins the same ones.
const (
	graphiqlDir = "graphiql@4.1.2/"
	reactDir    = "react@18.2.0/"
	reactDOMDir = "react-dom@18.2.0/"
	explorerDir = "@graphiql/plugin-explorer@4.0.6/"
	altairDir   = "altair-static@8.1.3/build/dist/"
)

// The files each page loads, relative to files/.
const (
	graphiqlJS   = graphiqlDir + "graphiql.min.js"
	graphiqlCSS  = graphiqlDir + "graphiql.min.css"
	reactJS      = reactDir + "umd/react.production.min.js"
	reactDOMJS   = reactDOMDir + "umd/react-dom.production.min.js"
	explorerJS   = explorerDir + "dist/index.umd.js"
	explorerCSS  = explorerDir + "dist/style.css"
	altairStyles = altairDir + "styles.css"
	altairMain   = altairDir + "main.js"
	altairPoly   = altairDir + "polyfills.js"
	altairRun    = altairDir + "runtime.js"
)

// root is files/ itself, so that URLs carry no "files" segment.
var root = func() fs.FS {
	sub, err := fs.Sub(files, "files")
	if err != nil {
		panic("playgroundassets: " + err.Error()) // "files" is a valid name
	}
	return sub
}()

// hashes caches the integrity hash of every file a page names; they are
// computed once, on first use, from the embedded bytes.
var hashes = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, name := range []string{
		graphiqlJS, graphiqlCSS, reactJS, reactDOMJS, explorerJS, explorerCSS,
		altairStyles, altairMain, altairPoly, altairRun,
	} {
		b, err := fs.ReadFile(root, name)
		if err != nil {
			// The test checks every name; a miss means fetch.sh and
			// the constants above disagree.
			panic(fmt.Sprintf("playgroundassets: %s is not embedded: %v", name, err))
		}
		sum := sha256.Sum256(b)
		m[name] = "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
	}
	return m
})

// Integrity returns the subresource integrity hash ("sha256-...") of the
// embedded file at name, a path relative to the Handler's prefix such as
// "graphiql@4.1.2/graphiql.min.js", or an error if there is no such file.
func Integrity(name string) (string, error) {
	if h, ok := hashes()[name]; ok {
		return h, nil
	}
	b, err := fs.ReadFile(root, name)
	if err != nil {
		return "", fmt.Errorf("playgroundassets: %s: %w", name, err)
	}
	sum := sha256.Sum256(b)
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:]), nil
}

// FS returns the embedded files, laid out as NAME@VERSION/PATH, for
// programs that serve them their own way.
func FS() fs.FS { return root }

// extraTypes are the content types of files in the tree that Go's mime
// package may not know, whatever the system's mime.types says.
var extraTypes = map[string]string{
	".woff":  "font/woff",
	".woff2": "font/woff2",
	".ico":   "image/x-icon",
	".txt":   "text/plain; charset=utf-8",
}

// Handler serves the embedded files under prefix, which must be the path
// it is mounted at, starting and ending with a slash. Each file's URL
// contains its release's version, so responses may be cached for good.
// Directories are not listed: a request for one is answered 404, and so is
// a request outside prefix.
func Handler(prefix string) http.Handler {
	prefix = normalize(prefix)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name, ok := strings.CutPrefix(r.URL.Path, prefix)
		if !ok || !fs.ValidPath(name) {
			http.NotFound(w, r)
			return
		}
		f, err := root.Open(name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer func() { _ = f.Close() }()
		info, err := f.Stat()
		content, seekable := f.(io.ReadSeeker)
		if err != nil || info.IsDir() || !seekable {
			http.NotFound(w, r)
			return
		}
		if ct, ok := extraTypes[path.Ext(name)]; ok {
			w.Header().Set("Content-Type", ct)
		}
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		// ServeContent, unlike a FileServer, serves an index.html as
		// itself (Altair's iframe sandbox loads one) and adds ranges
		// and HEAD; the embedded files have no modification time.
		http.ServeContent(w, r, name, info.ModTime(), content)
	})
}

// GraphiQL returns the options that make playground.Handler load GraphiQL,
// React and the explorer plugin from a Handler mounted at prefix.
func GraphiQL(prefix string) []playground.GraphiqlConfigOption {
	prefix = normalize(prefix)
	h := hashes()
	return []playground.GraphiqlConfigOption{
		playground.WithGraphiqlVersion(prefix+graphiqlJS, prefix+graphiqlCSS, h[graphiqlJS], h[graphiqlCSS]),
		playground.WithGraphiqlReactVersion(prefix+reactJS, prefix+reactDOMJS, h[reactJS], h[reactDOMJS]),
		playground.WithGraphiqlPluginExplorerVersion(prefix+explorerJS, prefix+explorerCSS, h[explorerJS], h[explorerCSS]),
	}
}

// Altair returns the assets that make playground.AltairHandlerWithAssets
// load Altair from a Handler mounted at prefix.
func Altair(prefix string) playground.AltairAssets {
	h := hashes()
	return playground.AltairAssets{
		BaseURL:      normalize(prefix) + altairDir,
		StylesSRI:    h[altairStyles],
		MainSRI:      h[altairMain],
		PolyfillsSRI: h[altairPoly],
		RuntimeSRI:   h[altairRun],
	}
}

// normalize gives prefix a leading and a trailing slash.
func normalize(prefix string) string {
	if !strings.HasPrefix(prefix, "/") {
		prefix = "/" + prefix
	}
	if !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	return prefix
}
