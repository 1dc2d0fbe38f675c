package playground

import (
	"encoding/json"
	"html/template"
	"net/http"
)

// AltairAssets says where the Altair page loads Altair from. BaseURL is the
// directory of an altair-static build (its build/dist folder), ending in a
// slash: the page loads styles.css, main.js, polyfills.js, runtime.js,
// favicon.ico and the assets folder relative to it. Each SRI field is the
// integrity hash of the file it names, or "" to load it unchecked.
//
// AltairAssets is not in upstream gqlgen; see AltairHandlerWithAssets.
type AltairAssets struct {
	BaseURL      string
	StylesSRI    string
	MainSRI      string
	PolyfillsSRI string
	RuntimeSRI   string
}

// DefaultAltairAssets returns the assets AltairHandler uses: altair-static
// 8.1.3 on jsDelivr, with their integrity hashes.
func DefaultAltairAssets() AltairAssets {
	return AltairAssets{
		BaseURL:      "https://cdn.jsdelivr.net/npm/altair-static@8.1.3/build/dist/",
		StylesSRI:    "sha256-aYcodhWPcqIHh2lLDWeoq+irtg7qkWLLLK30gjQJZc8=",
		MainSRI:      "sha256-bjpcMy7w3aaX8Cjuyv5hPE9FlkJRys0kxooPRtbGd8c=",
		PolyfillsSRI: "sha256-+hQzPqfWEkAfOfKytrW7hLceq0mUR3pHXn+UzwhrWQ0=",
		RuntimeSRI:   "sha256-2SHK1nFbucnnM02VXrl4CAKDYQbJEF9HVZstRkVbkJM=",
	}
}

// AltairHandler serves an Altair page titled title that sends its
// operations to endpoint, with Altair loaded from DefaultAltairAssets.
// options are passed to AltairGraphQL.init and override the endpoint
// settings the page derives; options that cannot be encoded as JSON are
// dropped.
func AltairHandler(title, endpoint string, options map[string]any) http.HandlerFunc {
	return AltairHandlerWithAssets(title, endpoint, options, DefaultAltairAssets())
}

// AltairHandlerWithAssets is AltairHandler with Altair loaded from assets,
// for instance a copy of altair-static served by the same program so that
// the page works offline. (Not in upstream gqlgen.)
func AltairHandlerWithAssets(
	title, endpoint string,
	options map[string]any,
	assets AltairAssets,
) http.HandlerFunc {
	opts, err := scriptJSON(options)
	if err != nil {
		opts = "{}"
	}
	settings, err := scriptJSON(altairSettings{
		Endpoint:             endpoint,
		SubscriptionEndpoint: subscriptionEndpoint(endpoint),
		Absolute:             endpointHasScheme(endpoint),
		Options:              json.RawMessage(opts),
	})
	if err != nil {
		panic("playground: encoding Altair settings: " + err.Error())
	}
	page := render("altair.html", altairView{
		Title:    title,
		BaseURL:  template.URL(assets.BaseURL),
		Styles:   asset{"styles.css", assets.StylesSRI},
		Scripts:  []asset{{"main.js", assets.MainSRI}, {"polyfills.js", assets.PolyfillsSRI}, {"runtime.js", assets.RuntimeSRI}},
		Settings: settings,
	})
	return serve(page, "text/html; charset=utf-8")
}

// altairSettings is what the page's script reads.
type altairSettings struct {
	Endpoint             string          `json:"endpoint"`
	SubscriptionEndpoint string          `json:"subscriptionEndpoint"`
	Absolute             bool            `json:"absolute"`
	Options              json.RawMessage `json:"options"`
}

type altairView struct {
	Title    string
	BaseURL  template.URL
	Styles   asset
	Scripts  []asset
	Settings template.JS
}
