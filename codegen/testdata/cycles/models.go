package cycles

import "context"

type Node interface{ IsNode() }

type Entry interface{ IsEntry() }

type User struct {
	ID    string
	Name  string
	Posts []*Post
	Best  *Post
	Last  Entry
}

type Post struct {
	ID       string
	Title    string
	Author   *User
	Comments []*Comment
}

type Comment struct {
	ID     string
	Post   *Post
	Author *User
	Nodes  []Node
}

func (*User) IsNode()    {}
func (*Post) IsNode()    {}
func (*Comment) IsNode() {}
func (*User) IsEntry()   {}
func (*Post) IsEntry()   {}

type UserFilter struct {
	Name  *string
	Posts *PostFilter
	And   []*UserFilter
}

type PostFilter struct {
	Title  *string
	Author *UserFilter
}

type Resolver struct{}

func (r *Resolver) Query() QueryResolver       { return r }
func (r *Resolver) Mutation() MutationResolver { return r }
func (r *Resolver) User() UserResolver         { return r }
func (r *Resolver) Comment() CommentResolver   { return r }

func (r *Resolver) Node(context.Context, string) (Node, error)            { return nil, nil }
func (r *Resolver) Users(context.Context, *UserFilter) ([]*User, error)   { return nil, nil }
func (r *Resolver) Entries(context.Context) ([]Entry, error)              { return nil, nil }
func (r *Resolver) Viewer(context.Context) (*User, error)                 { return nil, nil }
func (r *Resolver) Update(context.Context, UserFilter) (*User, error)     { return nil, nil }
func (r *Resolver) Friends(context.Context, *User, *int) ([]*User, error) { return nil, nil }
func (r *Resolver) Slow(context.Context, *Comment) (string, error)        { return "", nil }
