// Package fileupload is the file upload example: single files, lists of
// files and files inside input objects, sent as GraphQL multipart requests
// (https://github.com/jaydenseric/graphql-multipart-request-spec), with the
// transport's size limits.
package fileupload

//go:generate go run github.com/99designs/gqlgen generate

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// Resolver describes each file it receives; it keeps nothing.
type Resolver struct {
	// MaxUploadSize is reported by the maxUploadSize query; NewServer sets
	// it to the limit the transport enforces.
	MaxUploadSize int64
}

// describe reads an upload to the end and reports what arrived.
func describe(id int, u graphql.Upload) (*File, error) {
	h := sha256.New()
	n, err := io.Copy(h, u.File)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", u.Filename, err)
	}
	if n != u.Size {
		return nil, fmt.Errorf("reading %s: got %d bytes, the request declared %d", u.Filename, n, u.Size)
	}
	return &File{ID: id, Name: u.Filename, ContentType: u.ContentType, Size: int(n), Sha256: hex.EncodeToString(h.Sum(nil))}, nil
}
