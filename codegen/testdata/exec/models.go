package exec

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
)

type Node interface{ IsNode() }

type Media interface{ IsMedia() }

type SearchResult interface{ IsSearchResult() }

type Product struct {
	ID        string
	Title     string
	Price     float64
	Rating    *float64
	Stock     int
	Count32   *int32
	Active    bool
	Kind      Kind
	Tags      []string
	MaybeTags []*string
	Vendor    *Vendor
	Cheapest  *Vendor
	reviews   []*Review
}

func (*Product) IsNode()         {}
func (*Product) IsMedia()        {}
func (*Product) IsSearchResult() {}

// Reviews is bound to a method with an argument.
func (p *Product) Reviews(limit int) []*Review {
	if limit > len(p.reviews) {
		limit = len(p.reviews)
	}
	return p.reviews[:limit]
}

// LabelCtx takes a context, so it is resolved concurrently.
func (p *Product) LabelCtx(ctx context.Context) (string, error) {
	return "ctx:" + p.Title, nil
}

func (p *Product) Discounted(percent float64) float64 { return p.Price * (100 - percent) / 100 }

// Fragile fails for some products.
func (p *Product) Fragile() (*string, error) {
	if p.ID == "2" {
		return nil, errors.New("fragile failed")
	}
	s := "solid " + p.ID
	return &s, nil
}

// Risky panics for the third product.
func (p *Product) Risky() string {
	if p.ID == "3" {
		panic("risky " + p.ID)
	}
	return "fine " + p.ID
}

// Initials is bound to a method returning a list.
func (p *Product) Initials() []string {
	var out []string
	for _, w := range strings.Fields(p.Title) {
		out = append(out, w[:1])
	}
	return out
}

type Vendor struct {
	ID       string
	Name     *string
	Products []*Product
}

func (*Vendor) IsNode()         {}
func (*Vendor) IsSearchResult() {}

type Review struct {
	Stars int
	Body  *string
}

type Clip struct {
	Title   string
	Seconds int
}

func (Clip) IsMedia()        {}
func (Clip) IsSearchResult() {}

type Kind string

const (
	KindBook Kind = "BOOK"
	KindGame Kind = "GAME"
	KindTool Kind = "TOOL"
)

func (k Kind) MarshalGQL(w io.Writer) { io.WriteString(w, strconv.Quote(string(k))) }

func (k *Kind) UnmarshalGQL(v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("enums must be strings")
	}
	switch Kind(s) {
	case KindBook, KindGame, KindTool:
		*k = Kind(s)
		return nil
	}
	return fmt.Errorf("%s is not a valid Kind", s)
}

type Stats struct {
	Total  int
	ByKind []KindCount
}

type KindCount struct {
	Kind  Kind
	Count int
}

type Level1 struct{ Level2 *Level2 }

type Level2 struct {
	Value    string
	Required *string
}

type EchoInput struct {
	Text     string
	Times    int
	Kinds    []Kind
	Inner    *EchoInner
	Optional graphql.Omittable[*string]
}

type EchoInner struct {
	Flag bool
	Note *string
}

type EchoOutput struct {
	Text        string
	Kinds       []Kind
	Flag        *bool
	Note        *string
	OptionalSet bool
}

// Money is a custom scalar: cents, written as a string of dollars.
type Money int64

func (m Money) MarshalGQL(w io.Writer) {
	io.WriteString(w, strconv.Quote(fmt.Sprintf("$%d.%02d", m/100, m%100)))
}

func (m *Money) UnmarshalGQL(v any) error {
	return errors.New("money is output only")
}
