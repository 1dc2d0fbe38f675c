package directives

import (
	"errors"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/client"
)

func as(token string) client.Option {
	return client.AddHeader("Authorization", "Bearer "+token)
}

func TestHasRole(t *testing.T) {
	c := client.New(NewServer(NewResolver()))
	const query = `{ me { name } }`
	for _, tc := range []struct {
		name   string
		opts   []client.Option
		wantMe string
		errSub string
	}{
		{"anonymous", nil, "", `"code":"UNAUTHENTICATED"`},
		{"user", []client.Option{as("bob-token")}, "Bob", ""},
		{"admin has every role", []client.Option{as("ada-token")}, "Ada", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var resp struct{ Me *struct{ Name string } }
			err := c.Post(query, &resp, tc.opts...)
			if tc.errSub != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errSub) {
					t.Fatalf("want an error with %s, got %v", tc.errSub, err)
				}
				return
			}
			if err != nil || resp.Me == nil || resp.Me.Name != tc.wantMe {
				t.Fatalf("me = %+v, err %v", resp.Me, err)
			}
		})
	}
}

func TestHasRoleOnANestedField(t *testing.T) {
	c := client.New(NewServer(NewResolver()))
	// A user may list posts and authors, but not the authors' emails.
	var resp struct {
		Posts []struct {
			Author struct{ Name, Email string }
		}
	}
	err := c.Post(`{ posts { author { name email } } }`, &resp, as("bob-token"))
	var raw client.RawJsonError
	if !errors.As(err, &raw) || !strings.Contains(string(raw.RawMessage), `"path":["posts",0,"author","email"]`) ||
		!strings.Contains(string(raw.RawMessage), `"code":"FORBIDDEN"`) || !strings.Contains(string(raw.RawMessage), "requires the ADMIN role") {
		t.Fatalf("want a FORBIDDEN error at posts[0].author.email, got %v", err)
	}
	resp.Posts = nil
	c.MustPost(`{ posts { author { name email } } }`, &resp, as("ada-token"))
	if len(resp.Posts) != 1 || resp.Posts[0].Author.Email != "ada@example.com" {
		t.Errorf("admin: %+v", resp.Posts)
	}
}

func TestUnknownTokenIsRefused(t *testing.T) {
	c := client.New(NewServer(NewResolver()))
	var resp map[string]any
	if err := c.Post(`{ posts { id } }`, &resp, as("stolen")); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("want HTTP 401, got %v", err)
	}
}

func TestUpperAndMaxLength(t *testing.T) {
	r := NewResolver()
	c := client.New(NewServer(r))
	var created struct{ CreatePost struct{ ID, Title string } }
	c.MustPost(`mutation { createPost(title: "short title") { id title } }`, &created, as("bob-token"))
	if created.CreatePost.Title != "SHORT TITLE" {
		t.Errorf("@upper: title = %q", created.CreatePost.Title)
	}
	// The resolver keeps what it was given; only the field's output changes.
	if r.posts[1].Title != "short title" {
		t.Errorf("stored title = %q", r.posts[1].Title)
	}

	var resp map[string]any
	err := c.Post(`mutation { createPost(title: "a title that is far too long") { id } }`, &resp, as("bob-token"))
	if err == nil || !strings.Contains(err.Error(), "at most 20 characters, got 28") {
		t.Errorf("@maxLength: %v", err)
	}
	if len(r.posts) != 2 {
		t.Errorf("a rejected argument must not reach the resolver: %d posts", len(r.posts))
	}
	err = c.Post(`mutation { createPost(title: "ok") { id } }`, &resp)
	if err == nil || !strings.Contains(err.Error(), "UNAUTHENTICATED") {
		t.Errorf("anonymous createPost: %v", err)
	}
}

func TestFieldMiddlewareCountsResolvers(t *testing.T) {
	c := client.New(NewServer(NewResolver()))
	resp, err := c.RawPost(`{ posts { id title author { name } comments(first: 3) { id } } }`)
	if err != nil {
		t.Fatal(err)
	}
	// posts and comments call resolver methods; id, title, author, name are
	// struct fields and are not counted.
	if got := resp.Extensions["resolverCalls"]; got != float64(2) {
		t.Errorf("resolverCalls = %v, want 2 (extensions %v)", got, resp.Extensions)
	}
}

func TestComplexityLimit(t *testing.T) {
	c := client.New(NewServer(NewResolver()))
	// Each field costs 1 plus what it selects; comments(first) costs
	// 1 + first * (its selection). posts + id + comments(1 + 10*2) = 23.
	var ok struct {
		Posts []struct {
			ID       string
			Comments []struct{ ID, Text string }
		}
	}
	c.MustPost(`{ posts { id comments(first: 10) { id text } } }`, &ok)
	if len(ok.Posts) != 1 || len(ok.Posts[0].Comments) != 10 {
		t.Fatalf("got %+v", ok)
	}
	// posts + id + comments(1 + 50*2) = 103 > 100: refused before running.
	var resp map[string]any
	err := c.Post(`{ posts { id comments(first: 50) { id text } } }`, &resp)
	if err == nil || !strings.Contains(err.Error(), "operation has complexity 103, which exceeds the limit of 100") ||
		!strings.Contains(err.Error(), "COMPLEXITY_LIMIT_EXCEEDED") {
		t.Errorf("want a complexity error, got %v", err)
	}
}
