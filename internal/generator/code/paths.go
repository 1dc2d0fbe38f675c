// Package code answers the questions the generator asks about Go code: which
// import path a directory has, what a package is called, what a loaded
// package's types look like, and whether two types can stand in for each
// other. Package loading goes through one cache (Packages) so that each
// package is type-checked once per generator run.
package code

import (
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// PkgAndType splits a qualified Go name such as
// "github.com/org/repo/model.User" at its last dot into the package path
// ("github.com/org/repo/model") and the identifier ("User"). A name without a
// dot is returned as the identifier with an empty package path.
func PkgAndType(name string) (string, string) {
	dot := strings.LastIndexByte(name, '.')
	if dot < 0 {
		return "", name
	}
	return name[:dot], name[dot+1:]
}

// NormalizeVendor strips a vendor directory from an import path, keeping any
// leading pointer and slice markers: "*[]a/vendor/b/c" becomes "*[]b/c".
func NormalizeVendor(pkg string) string {
	rest := pkg
	for {
		switch {
		case strings.HasPrefix(rest, "*"):
			rest = rest[1:]
			continue
		case strings.HasPrefix(rest, "[]"):
			rest = rest[2:]
			continue
		}
		break
	}
	markers := pkg[:len(pkg)-len(rest)]
	if i := strings.LastIndex(rest, "/vendor/"); i >= 0 {
		rest = rest[i+len("/vendor/"):]
	}
	return markers + rest
}

// SanitizePackageName turns the last element of a path into something usable
// as a Go package name by replacing every rune other than an ASCII letter,
// digit or underscore with an underscore: "github.com" becomes "github_com".
func SanitizePackageName(pkg string) string {
	base := filepath.Base(pkg)
	var b strings.Builder
	b.Grow(len(base))
	for len(base) > 0 {
		r, size := utf8.DecodeRuneInString(base)
		base = base[size:]
		if isWordByte(r) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

func isWordByte(r rune) bool {
	return r == '_' || ('0' <= r && r <= '9') || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')
}
