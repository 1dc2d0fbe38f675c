package graphql

import (
	"fmt"
	"io"
)

// UnmarshalUpload accepts an Upload, which only the multipart transport
// produces.
func UnmarshalUpload(v any) (Upload, error) {
	if u, ok := v.(Upload); ok {
		return u, nil
	}
	return Upload{}, fmt.Errorf("%T is not an Upload", v)
}

// MarshalUpload copies the file's bytes to the output unchanged (they are
// not encoded as JSON).
func MarshalUpload(u Upload) Marshaler { return uploadMarshaler{u.File} }

type uploadMarshaler struct{ content io.Reader }

func (m uploadMarshaler) MarshalGQL(w io.Writer) { _, _ = io.Copy(w, m.content) }

// Upload is a file sent with a GraphQL multipart request. The transport
// puts one in the variables at each path the request's map names.
type Upload struct {
	// File reads the content; the transport keeps it in memory or in a
	// temporary file that is removed after the request.
	File io.ReadSeeker
	// Filename is the name the client gave the file.
	Filename string
	// Size is the length of the content in bytes.
	Size int64
	// ContentType is the Content-Type of the file's part.
	ContentType string
}
