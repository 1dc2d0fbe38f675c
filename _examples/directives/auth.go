package directives

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// Caller is who made the request, as the auth middleware found it.
type Caller struct {
	UserID string
	Roles  []Role
}

// has reports whether the caller holds role; ADMIN holds every role.
func (c *Caller) has(role Role) bool {
	for _, r := range c.Roles {
		if r == role || r == RoleAdmin {
			return true
		}
	}
	return false
}

type callerKey struct{}

// CallerFrom returns the caller the middleware stored, or nil for an
// anonymous request.
func CallerFrom(ctx context.Context) *Caller {
	c, _ := ctx.Value(callerKey{}).(*Caller)
	return c
}

// tokens stands in for a session store: bearer token → caller.
var tokens = map[string]*Caller{
	"ada-token": {UserID: "1", Roles: []Role{RoleAdmin}},
	"bob-token": {UserID: "2", Roles: []Role{RoleUser}},
}

// Authenticate is HTTP middleware: it puts the caller named by the
// "Authorization: Bearer <token>" header into the request context. A request
// without a token is anonymous; one with an unknown token is refused.
func Authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		header := r.Header.Get("Authorization")
		if header == "" {
			next.ServeHTTP(w, r)
			return
		}
		caller, ok := tokens[strings.TrimPrefix(header, "Bearer ")]
		if !ok || !strings.HasPrefix(header, "Bearer ") {
			http.Error(w, "unknown token", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), callerKey{}, caller)))
	})
}

// hasRole implements @hasRole. It runs before the field's resolver (next)
// and never calls it for a caller without the role, so nothing is fetched
// for a request that may not see it.
func hasRole(ctx context.Context, _ any, next graphql.Resolver, role Role) (any, error) {
	caller := CallerFrom(ctx)
	if caller == nil {
		return nil, &gqlerror.Error{Message: "sign in to see this field", Extensions: map[string]any{"code": "UNAUTHENTICATED"}}
	}
	if !caller.has(role) {
		return nil, &gqlerror.Error{Message: fmt.Sprintf("requires the %s role", role), Extensions: map[string]any{"code": "FORBIDDEN"}}
	}
	return next(ctx)
}

// upper implements @upper: it runs the resolver, then changes its result.
func upper(ctx context.Context, _ any, next graphql.Resolver) (any, error) {
	v, err := next(ctx)
	if s, ok := v.(string); ok {
		return strings.ToUpper(s), err
	}
	return v, err
}

// maxLength implements @maxLength on an argument: next yields the
// argument's value, which the directive may reject.
func maxLength(ctx context.Context, _ any, next graphql.Resolver, max int) (any, error) {
	v, err := next(ctx)
	if err != nil {
		return nil, err
	}
	if s, ok := v.(string); ok && len([]rune(s)) > max {
		return nil, fmt.Errorf("must be at most %d characters, got %d", max, len([]rune(s)))
	}
	return v, nil
}
