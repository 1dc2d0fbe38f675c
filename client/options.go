package client

import "net/http"

// Var sets the variable name to value in the request's variables.
func Var(name string, value any) Option {
	return func(r *Request) {
		if r.Variables == nil {
			r.Variables = map[string]any{name: value}
			return
		}
		r.Variables[name] = value
	}
}

// Operation sets the operationName of the request.
func Operation(name string) Option {
	return func(r *Request) { r.OperationName = name }
}

// Extensions sets the extensions of the request, replacing any set before.
func Extensions(extensions map[string]any) Option {
	return func(r *Request) { r.Extensions = extensions }
}

// Path sets the URL path the request is sent to, for a handler that routes
// more than the GraphQL endpoint.
func Path(url string) Option {
	return func(r *Request) { r.HTTP.URL.Path = url }
}

// AddHeader adds a value for the HTTP header key, such as an Authorization
// header the server expects.
func AddHeader(key, value string) Option {
	return func(r *Request) { r.HTTP.Header.Add(key, value) }
}

// BasicAuth sets HTTP basic authentication credentials on the request.
func BasicAuth(username, password string) Option {
	return func(r *Request) { r.HTTP.SetBasicAuth(username, password) }
}

// AddCookie adds cookie to the request.
func AddCookie(cookie *http.Cookie) Option {
	return func(r *Request) { r.HTTP.AddCookie(cookie) }
}
