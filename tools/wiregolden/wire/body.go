package wire

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode/utf8"
)

// str quotes s as a JSON string with only the escapes JSON requires, so
// HTML characters, U+2028 and invalid UTF-8 reach the server as they are.
func str(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		case c < utf8.RuneSelf:
			b.WriteByte(c)
		default:
			_, size := utf8.DecodeRuneInString(s[i:])
			b.WriteString(s[i : i+size])
			i += size
			continue
		}
		i++
	}
	b.WriteByte('"')
	return b.String()
}

// params is a GraphQL-over-HTTP request body: the query, then any further
// members given as raw JSON ("variables", "operationName", "extensions").
func params(query string, members ...string) string {
	out := `{"query":` + str(query)
	for _, m := range members {
		out += "," + m
	}
	return out + "}"
}

// vars is the "variables" member with raw JSON v.
func vars(v string) string { return `"variables":` + v }

// opName is the "operationName" member.
func opName(name string) string { return `"operationName":` + str(name) }

// persisted is the "extensions" member of an automatic persisted query.
func persisted(version int, hash string) string {
	return fmt.Sprintf(`"extensions":{"persistedQuery":{"version":%d,"sha256Hash":%s}}`, version, str(hash))
}

// sha256Hex is the APQ hash of query.
func sha256Hex(query string) string {
	sum := sha256.Sum256([]byte(query))
	return hex.EncodeToString(sum[:])
}

// frame is a websocket message with a type, an optional id and an optional
// raw JSON payload.
func frame(typ, id, payload string) string {
	out := `{"type":` + str(typ)
	if id != "" {
		out += `,"id":` + str(id)
	}
	if payload != "" {
		out += `,"payload":` + payload
	}
	return out + "}"
}

// part is one part of a multipart/form-data body.
type part struct {
	name, filename, contentType, content string
}

// boundary separates the parts of every multipart body of the corpus.
const boundary = "wiregolden-boundary"

// multipartType is the Content-Type header of a multipart body.
const multipartType = "Content-Type: multipart/form-data; boundary=" + boundary

// multipart builds a multipart/form-data body from parts, in order.
func multipart(parts ...part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString("--" + boundary + "\r\n")
		b.WriteString(`Content-Disposition: form-data; name="` + p.name + `"`)
		if p.filename != "" {
			b.WriteString(`; filename="` + p.filename + `"`)
		}
		b.WriteString("\r\n")
		if p.contentType != "" {
			b.WriteString("Content-Type: " + p.contentType + "\r\n")
		}
		b.WriteString("\r\n" + p.content + "\r\n")
	}
	b.WriteString("--" + boundary + "--\r\n")
	return b.String()
}

// field is a multipart part without a file.
func field(name, content string) part { return part{name: name, content: content} }

// upload is a multipart file part.
func upload(name, filename, content string) part {
	return part{name: name, filename: filename, contentType: "text/plain", content: content}
}
