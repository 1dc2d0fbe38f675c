package shapes

// breakpoints are, for each field whose user code the fixture traces, the
// generated function docs/generated-code.md names as the one place to stop
// in, whatever middleware is installed.
var breakpoints = map[string]string{
	"Query.hero":       "resolve_Query_hero",
	"Query.heroByName": "resolve_Query_heroByName",
	"Query.heroes":     "resolve_Query_heroes",
	"Hero.rank":        "resolve_Hero_rank",
	"Hero.friends":     "resolve_Hero_friends",
	"Hero.friend":      "resolve_Hero_friend",
}
