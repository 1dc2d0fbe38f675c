package code

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPkgAndType(t *testing.T) {
	cases := []struct{ in, pkg, typ string }{
		{"github.com/org/repo/model.User", "github.com/org/repo/model", "User"},
		{"gopkg.in/yaml.v3.Node", "gopkg.in/yaml.v3", "Node"},
		{"time.Time", "time", "Time"},
		{"User", "", "User"},
		{"", "", ""},
		{"trailing.", "trailing", ""},
	}
	for _, c := range cases {
		pkg, typ := PkgAndType(c.in)
		assert.Equal(t, c.pkg, pkg, c.in)
		assert.Equal(t, c.typ, typ, c.in)
	}
}

func TestNormalizeVendor(t *testing.T) {
	cases := map[string]string{
		"github.com/x/app/vendor/github.com/y/lib": "github.com/y/lib",
		"*[]*a/vendor/b/c":                         "*[]*b/c",
		"[]a/vendor/b/vendor/c/d":                  "[]c/d",
		"plain/path":                               "plain/path",
		"*plain":                                   "*plain",
		"vendor/golang.org/x/net/http2":            "vendor/golang.org/x/net/http2",
		"":                                         "",
	}
	for in, want := range cases {
		assert.Equal(t, want, NormalizeVendor(in), in)
	}
}

func TestSanitizePackageName(t *testing.T) {
	cases := map[string]string{
		"github.com":             "github_com",
		"gopkg.in/yaml.v3":       "yaml_v3",
		"example.com/my-package": "my_package",
		"example.com/ok_name2":   "ok_name2",
		"example.com/héllo":      "h_llo",
		"":                       "_",
	}
	for in, want := range cases {
		assert.Equal(t, want, SanitizePackageName(in), in)
	}
}
