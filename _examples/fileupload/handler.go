package fileupload

import (
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// Limits are the size limits of NewServer's multipart transport.
type Limits struct {
	// MaxUploadSize caps the whole request body, files included, in bytes.
	// A request over it is refused with a GraphQL error.
	MaxUploadSize int64
	// MaxMemory is the body size up to which files are kept in memory;
	// larger requests spill their files to temporary files on disk, which
	// the transport removes when the request ends.
	MaxMemory int64
}

// DefaultLimits are the limits the example server runs with.
var DefaultLimits = Limits{MaxUploadSize: 10 << 20, MaxMemory: 1 << 20}

// NewServer returns the example's handler: multipart uploads within limits,
// and plain JSON POST for the query.
func NewServer(limits Limits) *handler.Server {
	r := &Resolver{MaxUploadSize: limits.MaxUploadSize}
	srv := handler.New(NewExecutableSchema(Config{Resolvers: r}))
	srv.AddTransport(transport.MultipartForm{MaxUploadSize: limits.MaxUploadSize, MaxMemory: limits.MaxMemory})
	srv.AddTransport(transport.POST{})
	return srv
}
