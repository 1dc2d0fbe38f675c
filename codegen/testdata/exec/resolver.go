package exec

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"
)

// Resolver serves a fixed catalog of three products from two vendors.
type Resolver struct {
	mu       sync.Mutex
	products []*Product
	vendors  []*Vendor
	steps    []int
	meeting  meeting
}

// meeting is a barrier for the calls of the together fields: each call
// waits until n calls are waiting at once, which only calls resolved
// concurrently can reach.
type meeting struct {
	mu      sync.Mutex
	waiting int
	all     chan struct{}
}

// meetBound is how long a call of together waits for the others before it
// says the calls are not concurrent: a hang guard, far above any delay a
// loaded machine causes.
const meetBound = 30 * time.Second

func (r *Resolver) meet(ctx context.Context, n int) error {
	m := &r.meeting
	m.mu.Lock()
	if m.all == nil {
		m.all = make(chan struct{})
	}
	all := m.all
	if m.waiting++; m.waiting == n {
		close(all)
		m.all, m.waiting = nil, 0
	}
	m.mu.Unlock()
	select {
	case <-all:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(meetBound):
		return fmt.Errorf("only some of %d calls of together ran at once: they are not resolved concurrently", n)
	}
}

func ptr[T any](v T) *T { return &v }

func NewResolver() *Resolver {
	acme := &Vendor{ID: "v1", Name: ptr("Acme")}
	nameless := &Vendor{ID: "v2"}
	r := &Resolver{vendors: []*Vendor{acme, nameless}}
	for i, p := range []*Product{
		{Title: "Go Book", Price: 39.5, Rating: ptr(4.5), Stock: 3, Count32: ptr(int32(7)), Active: true, Kind: KindBook,
			Tags: []string{"go", "book"}, MaybeTags: []*string{ptr("x"), nil}, Vendor: acme, Cheapest: acme},
		{Title: "Puzzle", Price: 12, Stock: 0, Kind: KindGame, Tags: []string{}, Vendor: nameless},
		{Title: "Hammer", Price: 20.25, Rating: ptr(3.0), Stock: 10, Active: true, Kind: KindTool, Tags: []string{"steel"}, Vendor: acme},
	} {
		p.ID = strconv.Itoa(i + 1)
		p.reviews = []*Review{{Stars: 5, Body: ptr("great " + p.ID)}, {Stars: 3}, {Stars: 1, Body: ptr("meh")}}
		p.Vendor.Products = append(p.Vendor.Products, p)
		r.products = append(r.products, p)
	}
	return r
}

func (r *Resolver) Query() QueryResolver               { return &queryResolver{r} }
func (r *Resolver) Mutation() MutationResolver         { return &mutationResolver{r} }
func (r *Resolver) Subscription() SubscriptionResolver { return &subscriptionResolver{r} }
func (r *Resolver) Product() ProductResolver           { return &productResolver{r} }

type (
	queryResolver        struct{ *Resolver }
	mutationResolver     struct{ *Resolver }
	subscriptionResolver struct{ *Resolver }
	productResolver      struct{ *Resolver }
)

func (r *queryResolver) Products(ctx context.Context, first *int, kind *Kind) ([]*Product, error) {
	var out []*Product
	for _, p := range r.products {
		if first != nil && len(out) >= *first {
			break
		}
		if kind == nil || p.Kind == *kind {
			out = append(out, p)
		}
	}
	return out, nil
}

func (r *queryResolver) Product(ctx context.Context, id string) (*Product, error) {
	for _, p := range r.products {
		if p.ID == id {
			return p, nil
		}
	}
	return nil, nil
}

func (r *queryResolver) Search(ctx context.Context, text string) ([]SearchResult, error) {
	return []SearchResult{r.products[0], r.vendors[1], Clip{Title: "trailer", Seconds: 30}}, nil
}

func (r *queryResolver) Media(ctx context.Context) ([]Media, error) {
	return []Media{&Clip{Title: "intro", Seconds: 5}, nil, r.products[2]}, nil
}

func (r *queryResolver) Stats(ctx context.Context) (*Stats, error) {
	s := &Stats{Total: len(r.products)}
	for _, k := range []Kind{KindBook, KindGame} {
		s.ByKind = append(s.ByKind, KindCount{Kind: k, Count: 1})
	}
	return s, nil
}

func (r *queryResolver) Failing(ctx context.Context) (*Product, error) {
	return nil, errors.New("failing on purpose")
}

func (r *queryResolver) Broken(ctx context.Context) (*Product, error) { return nil, nil }

func (r *queryResolver) BrokenList(ctx context.Context) ([]*Product, error) {
	return []*Product{r.products[0], nil}, nil
}

func (r *queryResolver) Nested(ctx context.Context) (*Level1, error) {
	return &Level1{Level2: &Level2{Value: "deep"}}, nil
}

func (r *queryResolver) Panicky(ctx context.Context) (*string, error) { panic("boom") }

func (r *queryResolver) Echo(ctx context.Context, input EchoInput) (*EchoOutput, error) {
	out := &EchoOutput{Kinds: input.Kinds}
	for range input.Times {
		out.Text += input.Text
	}
	if input.Inner != nil {
		out.Flag, out.Note = &input.Inner.Flag, input.Inner.Note
	}
	_, out.OptionalSet = input.Optional.ValueOK()
	return out, nil
}

func (r *queryResolver) Guarded(ctx context.Context, role string) (*string, error) {
	return ptr("welcome " + role), nil
}

func (r *queryResolver) Mapped(ctx context.Context) (map[string]any, error) {
	return map[string]any{"name": "mapped", "size": 3}, nil
}

func (r *queryResolver) Custom(ctx context.Context) (Money, error) { return 1234, nil }

func (r *queryResolver) Together(ctx context.Context, n int) (int, error) {
	return n, r.meet(ctx, n)
}

func (r *productResolver) Label(ctx context.Context, obj *Product) (string, error) {
	return obj.Title + " (" + string(obj.Kind) + ")", nil
}

func (r *productResolver) Together(ctx context.Context, obj *Product, n int) (int, error) {
	return n, r.meet(ctx, n)
}

func (r *mutationResolver) AddReview(ctx context.Context, productID string, stars int, body *string) (*Review, error) {
	return &Review{Stars: stars, Body: body}, nil
}

func (r *mutationResolver) Steps(ctx context.Context) ([]int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.steps = append(r.steps, len(r.steps)+1)
	return append([]int(nil), r.steps...), nil
}

func (r *mutationResolver) FailStep(ctx context.Context) (int, error) {
	return 0, errors.New("step failed")
}

func (r *subscriptionResolver) Ticks(ctx context.Context, count int) (<-chan int, error) {
	ch := make(chan int)
	go func() {
		defer close(ch)
		for i := range count {
			select {
			case ch <- i + 1:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch, nil
}
