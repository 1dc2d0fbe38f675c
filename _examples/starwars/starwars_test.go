package starwars

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/client"
)

func newClient() *client.Client {
	return client.New(NewServer(NewResolver()))
}

func TestInterfaceFragments(t *testing.T) {
	c := newClient()
	var resp struct {
		Hero struct {
			Typename        string `json:"__typename"`
			Name            string
			PrimaryFunction string
			Height          float64
		}
		Empire struct {
			Typename        string `json:"__typename"`
			Name            string
			PrimaryFunction string
			Height          float64
		}
	}
	c.MustPost(`
		query {
			hero { ...who }
			empire: hero(episode: EMPIRE) { ...who }
		}
		fragment who on Character {
			__typename
			name
			... on Droid { primaryFunction }
			... on Human { height }
		}`, &resp)
	if resp.Hero.Typename != "Droid" || resp.Hero.Name != "R2-D2" || resp.Hero.PrimaryFunction != "Astromech" || resp.Hero.Height != 0 {
		t.Errorf("hero: %+v", resp.Hero)
	}
	if resp.Empire.Typename != "Human" || resp.Empire.Name != "Luke Skywalker" || resp.Empire.Height != 1.72 || resp.Empire.PrimaryFunction != "" {
		t.Errorf("empire hero: %+v", resp.Empire)
	}
}

func TestUnionSearch(t *testing.T) {
	c := newClient()
	var resp struct {
		Search []struct {
			Typename string `json:"__typename"`
			Name     string
			Length   float64
		}
	}
	c.MustPost(`{ search(text: "o") {
		__typename
		... on Human { name }
		... on Droid { name }
		... on Starship { name length }
	} }`, &resp)
	var got []string
	for _, r := range resp.Search {
		got = append(got, r.Typename+":"+r.Name)
	}
	want := "Human:Han Solo Human:Leia Organa Droid:C-3PO Starship:Millennium Falcon"
	if strings.Join(got, " ") != want {
		t.Errorf("search(o):\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	if l := resp.Search[len(resp.Search)-1].Length; l != 34.37 {
		t.Errorf("Falcon length = %v, want 34.37", l)
	}
}

func TestArgumentsAndUnits(t *testing.T) {
	c := newClient()
	var resp struct {
		Human struct {
			Meters    float64
			Feet      float64
			Mass      *float64
			Starships []struct {
				Name   string
				Length float64
			}
		}
		Tarkin struct{ Mass *float64 }
	}
	c.MustPost(`query($unit: LengthUnit!) {
		human(id: "1002") {
			meters: height
			feet: height(unit: $unit)
			mass
			starships { name length(unit: FOOT) }
		}
		tarkin: human(id: "1004") { mass }
	}`, &resp, client.Var("unit", "FOOT"))
	if resp.Human.Meters != 1.8 || resp.Human.Feet < 5.905 || resp.Human.Feet > 5.906 {
		t.Errorf("height: %+v", resp.Human)
	}
	if resp.Human.Mass == nil || *resp.Human.Mass != 80 || resp.Tarkin.Mass != nil {
		t.Errorf("mass: han %v, tarkin %v", resp.Human.Mass, resp.Tarkin.Mass)
	}
	if len(resp.Human.Starships) != 2 || resp.Human.Starships[0].Name != "Millennium Falcon" ||
		resp.Human.Starships[0].Length < 112.76 || resp.Human.Starships[0].Length > 112.77 {
		t.Errorf("starships: %+v", resp.Human.Starships)
	}
}

func TestBadEnumIsAValidationError(t *testing.T) {
	c := newClient()
	var resp map[string]any
	err := c.Post(`{ hero(episode: PHANTOM) { name } }`, &resp)
	if err == nil || !strings.Contains(err.Error(), "PHANTOM") {
		t.Fatalf("want a validation error naming PHANTOM, got %v", err)
	}
	err = c.Post(`query($e: Episode) { hero(episode: $e) { name } }`, &resp, client.Var("e", "CLONES"))
	if err == nil || !strings.Contains(err.Error(), "CLONES") {
		t.Fatalf("want a variable error naming CLONES, got %v", err)
	}
}

type page struct {
	TotalCount int
	Edges      []struct {
		Cursor string
		Node   struct{ Name string }
	}
	PageInfo struct {
		StartCursor *string
		EndCursor   *string
		HasNextPage bool
	}
}

func TestCursorPagination(t *testing.T) {
	c := newClient()
	query := `query($after: ID) { human(id: "1000") {
		friendsConnection(first: 3, after: $after) {
			totalCount
			edges { cursor node { name } }
			pageInfo { startCursor endCursor hasNextPage }
		}
	} }`
	var names []string
	var after any
	for pages := 0; ; pages++ {
		if pages == 5 {
			t.Fatal("pagination did not end after 5 pages")
		}
		var resp struct {
			Human struct{ FriendsConnection page }
		}
		c.MustPost(query, &resp, client.Var("after", after))
		p := resp.Human.FriendsConnection
		if p.TotalCount != 4 {
			t.Fatalf("totalCount = %d, want 4", p.TotalCount)
		}
		for _, e := range p.Edges {
			names = append(names, e.Node.Name)
		}
		if len(p.Edges) > 0 && (*p.PageInfo.StartCursor != p.Edges[0].Cursor || *p.PageInfo.EndCursor != p.Edges[len(p.Edges)-1].Cursor) {
			t.Fatalf("pageInfo cursors do not match the edges: %+v", p)
		}
		if !p.PageInfo.HasNextPage {
			break
		}
		after = *p.PageInfo.EndCursor
	}
	if got := strings.Join(names, ","); got != "Han Solo,Leia Organa,C-3PO,R2-D2" {
		t.Errorf("friends across pages = %s", got)
	}

	var resp map[string]any
	err := c.Post(query, &resp, client.Var("after", "not a cursor"))
	if err == nil || !strings.Contains(err.Error(), "invalid cursor") {
		t.Errorf("bad cursor: want an invalid cursor error, got %v", err)
	}
}

func TestReviews(t *testing.T) {
	c := newClient()
	var created struct{ CreateReview struct{ Stars int } }
	c.MustPost(`mutation { createReview(episode: JEDI, review: {stars: 4, commentary: "ewoks"}) { stars } }`, &created)
	var resp map[string]any
	if err := c.Post(`mutation { createReview(episode: JEDI, review: {stars: 9}) { stars } }`, &resp); err == nil ||
		!strings.Contains(err.Error(), "between 0 and 5") {
		t.Errorf("9 stars: want a range error, got %v", err)
	}
	var list struct {
		Reviews []struct {
			Stars      int
			Commentary *string
		}
	}
	c.MustPost(`{ reviews(episode: JEDI) { stars commentary } }`, &list)
	if len(list.Reviews) != 1 || list.Reviews[0].Stars != 4 || *list.Reviews[0].Commentary != "ewoks" {
		t.Errorf("reviews: %+v", list.Reviews)
	}
}

const deferQuery = `{
	hero {
		name
		... @defer(label: "friends") { friends { name } }
	}
}`

func TestDeferMultipart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	parts := newClient().IncrementalHTTP(ctx, deferQuery)
	defer parts.Close()

	var first struct {
		Data struct {
			Hero struct {
				Name    string
				Friends []struct{ Name string }
			}
		}
		HasNext bool
	}
	if err := parts.Next(&first); err != nil {
		t.Fatal(err)
	}
	if first.Data.Hero.Name != "R2-D2" || first.Data.Hero.Friends != nil || !first.HasNext {
		t.Fatalf("first part: %+v", first)
	}
	var rest struct {
		Incremental []struct {
			Data    struct{ Friends []struct{ Name string } }
			Label   string
			Path    []any
			HasNext bool
		}
		HasNext bool
	}
	if err := parts.Next(&rest); err != nil {
		t.Fatal(err)
	}
	if len(rest.Incremental) != 1 || rest.HasNext {
		t.Fatalf("deferred part: %+v", rest)
	}
	got := rest.Incremental[0]
	if got.Label != "friends" || len(got.Path) != 1 || got.Path[0] != "hero" || len(got.Data.Friends) != 3 || got.Data.Friends[0].Name != "Luke Skywalker" {
		t.Errorf("deferred part: %+v", got)
	}
}

func TestDeferSSE(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	events := newClient().SSE(ctx, deferQuery)
	defer events.Close()

	// Each SSE event is decoded whole (data, label, path, hasNext, errors,
	// extensions): the shape of client.SSEResponse with a typed Data.
	var first struct {
		Data struct {
			Hero struct {
				Name    string
				Friends []struct{ Name string }
			}
		}
		Label      string
		Path       []any
		HasNext    bool
		Errors     json.RawMessage
		Extensions map[string]any
	}
	if err := events.Next(&first); err != nil {
		t.Fatal(err)
	}
	if first.Data.Hero.Name != "R2-D2" || first.Data.Hero.Friends != nil || !first.HasNext {
		t.Fatalf("first event: %+v", first)
	}
	var next struct {
		Data       struct{ Friends []struct{ Name string } }
		Label      string
		Path       []any
		HasNext    bool
		Errors     json.RawMessage
		Extensions map[string]any
	}
	if err := events.Next(&next); err != nil {
		t.Fatal(err)
	}
	if next.HasNext || next.Label != "friends" || len(next.Path) != 1 || next.Path[0] != "hero" ||
		len(next.Data.Friends) != 3 || next.Data.Friends[2].Name != "Leia Organa" {
		t.Errorf("deferred event: %+v", next)
	}
}

func TestDefaultedArgument(t *testing.T) {
	c := newClient()
	var resp struct {
		Starship struct{ Default, Meter, Foot float64 }
	}
	c.MustPost(`{ starship(id: "3001") { default: length meter: length(unit: METER) foot: length(unit: FOOT) } }`, &resp)
	if s := resp.Starship; s.Default != 12.5 || s.Meter != 12.5 || s.Foot < 41.01 || s.Foot > 41.02 {
		t.Errorf("lengths: %+v", s)
	}
	// The default applies only when the argument is left out: an explicit
	// null reaches the resolver, which refuses it.
	var bad map[string]any
	if err := c.Post(`{ starship(id: "3001") { length(unit: null) } }`, &bad); err == nil || !strings.Contains(err.Error(), "unit must not be null") {
		t.Errorf("explicit null: %v", err)
	}
}
