package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/introspection"
)

// htmlText holds every character the envelope encoder must escape or keep:
// HTML specials, the two JavaScript line terminators, a quote, a backslash,
// a control character and some plain non-ASCII.
const htmlText = "<script>alert(\"x & y\")</script>\u2028\u2029\\\x01é"

type query struct{}

func (query) types() []string { return []string{"Query"} }

func (query) resolve(r *renderer, f graphql.CollectedField, args map[string]any) (any, error) {
	switch f.Name {
	case "__schema":
		if r.op.DisableIntrospection {
			return nil, errors.New("introspection disabled")
		}
		return introspectionSchema{introspection.WrapSchema(r.schema)}, nil
	case "__type":
		if r.op.DisableIntrospection {
			return nil, errors.New("introspection disabled")
		}
		name, _ := args["name"].(string)
		return &introspectionType{introspection.WrapTypeFromDef(r.schema, r.schema.Types[name])}, nil
	case "hello":
		name, _ := args["name"].(string)
		return "Hello, " + name + "!", nil
	case "echo":
		return args["text"], nil
	case "echoAny":
		return args["value"], nil
	case "html":
		return htmlText, nil
	case "user":
		return findUser(args["id"]), nil
	case "node":
		if u := findUser(args["id"]); u != nil {
			return u, nil
		}
		return nil, nil
	case "users":
		return []any{users[0], users[1]}, nil
	case "fail":
		return nil, &gqlerror.Error{
			Message:    "fail always fails",
			Extensions: map[string]any{"code": "FAILED", "detail": map[string]any{"z": 1, "a": []any{true, nil}}},
		}
	case "failNonNull":
		return nil, errors.New("failNonNull failed")
	case "htmlError":
		return nil, errors.New("bad <input> & \"quotes\"\u2028line\u2029para")
	case "failWith":
		return nil, errors.New(args["message"].(string))
	case "panic":
		panic("resolver panicked <&>")
	case "panicHard":
		panic(hardPanic("handler panicked <&>"))
	case "expensive":
		n := toInt(args["n"])
		out := make([]any, 0, n)
		for i := 0; i < n && i < len(users); i++ {
			out = append(out, users[i])
		}
		return out, nil
	case "slow":
		time.Sleep(time.Duration(toInt(args["ms"])) * time.Millisecond)
		return "slept", nil
	case "number":
		return 1.5e-7, nil
	case "broken":
		return rawJSON("{NaN}"), nil
	case "list":
		return []any{1, 2, 3}, nil
	}
	return nil, fmt.Errorf("no resolver for Query.%s", f.Name)
}

type mutation struct{}

func (mutation) types() []string { return []string{"Mutation"} }

func (mutation) resolve(r *renderer, f graphql.CollectedField, args map[string]any) (any, error) {
	switch f.Name {
	case "rename":
		u := findUser(args["id"])
		if u == nil {
			return nil, fmt.Errorf("no user %v", args["id"])
		}
		return &user{id: u.id, name: args["name"].(string)}, nil
	case "upload":
		return readUpload(args["file"])
	case "uploadMany":
		return readUploads(args["files"])
	case "uploadNested":
		input, _ := args["input"].(map[string]any)
		return readUploads(input["files"])
	}
	return nil, fmt.Errorf("no resolver for Mutation.%s", f.Name)
}

type user struct {
	id, name string
}

var users = []*user{{"1", "Ada <admin>"}, {"2", "Grace & co"}, {"3", "Linus"}}

func findUser(id any) *user {
	for _, u := range users {
		if fmt.Sprint(id) == u.id {
			return u
		}
	}
	return nil
}

func (*user) types() []string { return []string{"User", "Node"} }

func (u *user) resolve(r *renderer, f graphql.CollectedField, args map[string]any) (any, error) {
	switch f.Name {
	case "id":
		return u.id, nil
	case "name":
		return u.name, nil
	case "email":
		return u.name + "@example.com", nil
	case "friends":
		var out []any
		for _, friend := range users {
			switch {
			case friend.id == u.id:
			case friend.id == "3":
				out = append(out, failure{fmt.Errorf("friend %s is unavailable", friend.id)})
			default:
				out = append(out, friend)
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("no resolver for User.%s", f.Name)
}

type file struct {
	name, contentType, content string
	size                       int64
}

func (*file) types() []string { return []string{"File"} }

func (fl *file) resolve(_ *renderer, f graphql.CollectedField, _ map[string]any) (any, error) {
	switch f.Name {
	case "name":
		return fl.name, nil
	case "size":
		return fl.size, nil
	case "contentType":
		return fl.contentType, nil
	case "content":
		return fl.content, nil
	}
	return nil, fmt.Errorf("no resolver for File.%s", f.Name)
}

func readUpload(v any) (any, error) {
	up, ok := v.(graphql.Upload)
	if !ok {
		return nil, fmt.Errorf("not an upload: %T", v)
	}
	content, err := io.ReadAll(up.File)
	if err != nil {
		return nil, err
	}
	return &file{name: up.Filename, contentType: up.ContentType, content: string(content), size: up.Size}, nil
}

func readUploads(v any) (any, error) {
	list, _ := v.([]any)
	out := make([]any, len(list))
	for i, item := range list {
		fl, err := readUpload(item)
		if err != nil {
			return nil, err
		}
		out[i] = fl
	}
	return out, nil
}

// toInt reads an Int argument however the variables decoder or the parser
// delivered it.
func toInt(v any) int {
	switch v := v.(type) {
	case int:
		return v
	case int64:
		return int(v)
	case float64:
		return int(v)
	case json.Number:
		n, _ := strconv.Atoi(string(v))
		return n
	}
	return 0
}
