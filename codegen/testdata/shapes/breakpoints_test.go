package shapes

// breakpoints are, for each field whose user code the fixture traces, the
// generated function docs/generated-code.md names as the one place to stop
// in, whatever middleware is installed: _<Object>_<field>.
var breakpoints = map[string]string{
	"Query.hero":       "_Query_hero",
	"Query.heroByName": "_Query_heroByName",
	"Query.greeting":   "_Query_greeting",
	"Query.heroes":     "_Query_heroes",
	"Hero.title":       "_Hero_title",
	"Hero.nickname":    "_Hero_nickname",
	"Hero.shout":       "_Hero_shout",
	"Hero.rank":        "_Hero_rank",
	"Hero.friends":     "_Hero_friends",
	"Hero.friend":      "_Hero_friend",
	"Hero.secret":      "_Hero_secret",
}
