package bind

import "context"

type Todo struct {
	ID     string
	Text   string
	Done   bool
	owner  *User
	Label  string `gql:"tagged"`
	Forced string
	Other  string
}

func (t *Todo) Owner(ctx context.Context) (*User, error) { return t.owner, nil }

func (t *Todo) Priority() int { return 1 }

func (t *Todo) Maybe() (string, bool) { return "", false }

func (t *Todo) Sum(a, b int) int { return a + b }

type User struct{ Name string }

func (User) IsAnything() {}

type Shape interface{ IsShape() }

type Anything interface{ IsAnything() }

type Circle struct{ Area float64 }

func (Circle) IsShape()    {}
func (Circle) IsAnything() {}

type Square struct{ Area float64 }

func (*Square) IsShape()    {}
func (*Square) IsAnything() {}

type NewTodo struct {
	Text string
	Done bool
}
