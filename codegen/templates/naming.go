package templates

import (
	"go/token"
	"strings"
	"unicode"
	"unicode/utf8"
)

// CommonInitialisms is the default set of initialisms that ToGo writes in
// upper case (userId → UserID). It holds only words that are hardly ever
// anything else.
var CommonInitialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "AWS": true,
	"CPU": true, "CSS": true, "CSV": true,
	"DNS": true,
	"EOF": true,
	"GCP": true, "GUID": true,
	"HTML": true, "HTTP": true, "HTTPS": true,
	"ICMP": true, "ID": true, "IP": true,
	"JSON": true,
	"KVK":  true,
	"LHS":  true,
	"PDF":  true, "PGP": true,
	"QPS": true, "QR": true,
	"RAM": true, "RHS": true, "RPC": true,
	"SLA": true, "SMTP": true, "SQL": true, "SSH": true, "SVG": true,
	"TCP": true, "TLS": true, "TTL": true,
	"UDP": true, "UI": true, "UID": true, "URI": true, "URL": true, "UTF8": true, "UUID": true,
	"VM":  true,
	"XML": true, "XMPP": true, "XSRF": true, "XSS": true,
}

// GetInitialisms returns the initialisms the name converters use. The
// configuration replaces it when gqlgen.yml sets go_initialisms; by default
// it returns CommonInitialisms.
var GetInitialisms = func() map[string]bool {
	return CommonInitialisms
}

// UcFirst upper-cases the first rune of s.
func UcFirst(s string) string {
	return mapFirstRune(s, unicode.ToUpper)
}

// LcFirst lower-cases the first rune of s.
func LcFirst(s string) string {
	return mapFirstRune(s, unicode.ToLower)
}

func mapFirstRune(s string, f func(rune) rune) string {
	if s == "" {
		return ""
	}
	if !utf8.ValidString(s) {
		// Decoding replaces every invalid byte, not just a leading one.
		s = string([]rune(s))
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(f(r)) + s[size:]
}

// ToGo converts a GraphQL name (camelCase, snake_case, kebab-case, or
// space separated) into an exported Go identifier, writing initialisms in
// upper case: "user_id" → "UserID", "relatedURLs" → "RelatedURLs".
func ToGo(name string) string {
	if name == "_" {
		return "_"
	}
	return convertName(name, false)
}

// ToGoPrivate is ToGo for unexported identifiers: the first word is lower
// case ("ID" → "id", "ITicket" → "iTicket"), and a result that is a Go
// keyword gets an "Arg" suffix ("range" → "rangeArg").
func ToGoPrivate(name string) string {
	if name == "_" {
		return "_"
	}
	out := convertName(name, true)
	if token.IsKeyword(out) {
		return out + "Arg"
	}
	return out
}

// word is one piece of a name as split by splitWords.
type word struct {
	text string
	// initialism: the word, upper-cased, is an initialism.
	initialism bool
	// hadInitialism: the word is an initialism or grew out of a prefix that
	// was one (the "ID" of "IDs"); such words keep their case.
	hadInitialism bool
}

func convertName(name string, private bool) string {
	var b strings.Builder
	b.Grow(len(name))
	for i, w := range splitWords(name, GetInitialisms()) {
		uniformCase := strings.ToUpper(w.text) == w.text || strings.ToLower(w.text) == w.text
		switch {
		case private && i == 0:
			if uniformCase {
				b.WriteString(strings.ToLower(w.text))
			} else {
				b.WriteString(LcFirst(w.text))
			}
		case w.initialism:
			b.WriteString(strings.ToUpper(w.text))
		case uniformCase && !w.hadInitialism:
			b.WriteString(UcFirst(strings.ToLower(w.text)))
		default:
			b.WriteString(w.text)
		}
	}
	return b.String()
}

func isSeparator(r rune) bool {
	return r == '_' || r == '-' || unicode.IsSpace(r)
}

// splitWords cuts a name into words, after trimming separators from both
// ends. A word ends
//   - before a run of separators, which is dropped, except that one
//     separator survives (as the start of the next word) between two digits;
//   - where a lower-case letter is followed by anything else;
//   - after a prefix that is an initialism when an upper-case letter or
//     other non-lower-case rune follows (IDFoo → ID Foo), except that "ID"
//     and "IP" stay attached when the rune after the next one is upper case
//     too, so that IDENTITY and IPHONE remain whole words.
//
// The initialism test for the split is on the prefix as written; the test
// that marks a finished word as an initialism is on the word upper-cased.
func splitWords(name string, initialisms map[string]bool) []word {
	rs := []rune(strings.TrimFunc(name, isSeparator))
	var words []word
	start := 0
	hadInitialism := false
	for end := 1; end <= len(rs); end++ {
		last := rs[end-1]
		boundary := false
		switch {
		case end == len(rs):
			boundary = true
		case isSeparator(rs[end]):
			boundary = true
			run := 1
			for end+run < len(rs) && isSeparator(rs[end+run]) {
				run++
			}
			if end+run < len(rs) && unicode.IsDigit(last) && unicode.IsDigit(rs[end+run]) {
				run--
			}
			rs = append(rs[:end], rs[end+run:]...)
		case unicode.IsLower(last) && !unicode.IsLower(rs[end]):
			boundary = true
		}

		text := string(rs[start:end])
		if !boundary {
			if !initialisms[text] || unicode.IsLower(rs[end]) {
				if initialisms[text] {
					hadInitialism = true
				}
				continue
			}
		}

		upper := strings.ToUpper(text)
		isInitialism := initialisms[upper]
		if isInitialism && !boundary && (upper == "ID" || upper == "IP") &&
			len(rs)-start > 3 && unicode.IsUpper(rs[start+3]) {
			continue
		}
		if isInitialism {
			hadInitialism = true
		}
		words = append(words, word{text: text, initialism: isInitialism, hadInitialism: hadInitialism})
		hadInitialism = false
		start = end
	}
	return words
}
