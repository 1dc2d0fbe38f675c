package graph

import (
	"fmt"
	"io"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/integration/server/graph/model"
)

// maxEcho is the most bytes of an upload echoed back as FileInfo.content.
const maxEcho = 1 << 16

// describeUpload reads an uploaded file and reports what arrived.
func describeUpload(f *graphql.Upload) (*model.FileInfo, error) {
	body, err := io.ReadAll(io.LimitReader(f.File, maxEcho))
	if err != nil {
		return nil, fmt.Errorf("reading upload %q: %w", f.Filename, err)
	}
	return &model.FileInfo{
		Filename:    f.Filename,
		ContentType: f.ContentType,
		Size:        int(f.Size),
		Content:     string(body),
	}, nil
}
