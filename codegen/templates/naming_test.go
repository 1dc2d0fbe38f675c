package templates

import (
	"encoding/json"
	"maps"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// namingTable is testdata/naming.json: expected outputs recorded from
// upstream gqlgen, which generated identifiers must reproduce exactly.
type namingTable struct {
	Names []struct {
		Initialisms string `json:"initialisms"`
		In          string `json:"in"`
		Go          string `json:"go"`
		GoPrivate   string `json:"goPrivate"`
	} `json:"names"`
	ModelNames []struct {
		Parts   []string `json:"parts"`
		Private bool     `json:"private"`
		Want    string   `json:"want"`
	} `json:"modelNames"`
}

func loadNamingTable(t *testing.T) namingTable {
	t.Helper()
	raw, err := os.ReadFile("testdata/naming.json")
	require.NoError(t, err)
	var table namingTable
	require.NoError(t, json.Unmarshal(raw, &table))
	require.NotEmpty(t, table.Names)
	return table
}

// initialismSets are the configurations the table was recorded under.
func initialismSets() map[string]map[string]bool {
	added := maps.Clone(CommonInitialisms)
	for _, s := range []string{"GQL", "CC", "OAUTH"} {
		added[s] = true
	}
	return map[string]map[string]bool{
		"default": CommonInitialisms,
		"add":     added,
		"replace": {"CC": true, "BAR": true, "ID": true},
		"lower":   {"id": true, "Url": true, "IP": true},
	}
}

func useInitialisms(t *testing.T, set map[string]bool) {
	t.Helper()
	saved := GetInitialisms
	t.Cleanup(func() { GetInitialisms = saved })
	GetInitialisms = func() map[string]bool { return set }
}

func TestNamingMatchesRecordedTable(t *testing.T) {
	table := loadNamingTable(t)
	sets := initialismSets()
	for _, row := range table.Names {
		set, ok := sets[row.Initialisms]
		require.True(t, ok, "unknown initialism set %q", row.Initialisms)
		useInitialisms(t, set)
		assert.Equal(t, row.Go, ToGo(row.In), "ToGo(%q) with %s initialisms", row.In, row.Initialisms)
		assert.Equal(t, row.GoPrivate, ToGoPrivate(row.In), "ToGoPrivate(%q) with %s initialisms", row.In, row.Initialisms)
	}
}

func TestModelNamesMatchRecordedSequence(t *testing.T) {
	table := loadNamingTable(t)
	resetModelNames()
	t.Cleanup(resetModelNames)
	for i, call := range table.ModelNames {
		var got string
		if call.Private {
			got = ToGoPrivateModelName(call.Parts...)
		} else {
			got = ToGoModelName(call.Parts...)
		}
		assert.Equal(t, call.Want, got, "call %d: parts %q private=%v", i, call.Parts, call.Private)
	}
}

func TestToGoExamples(t *testing.T) {
	cases := []struct{ in, public, private string }{
		{"user_id", "UserID", "userID"},
		{"userIds", "UserIds", "userIds"},
		{"relatedURLs", "RelatedURLs", "relatedURLs"},
		{"IDENTITY", "Identity", "identity"},
		{"iPhone", "IPhone", "iPhone"},
		{"ITicket", "ITicket", "iTicket"},
		{"a1_2b", "A1_2b", "a1_2b"},
		{"type", "Type", "typeArg"},
		{"", "", ""},
		{"_", "_", "_"},
		{"__", "", ""},
		{"html parser", "HTMLParser", "htmlParser"},
	}
	for _, c := range cases {
		assert.Equal(t, c.public, ToGo(c.in), "ToGo(%q)", c.in)
		assert.Equal(t, c.private, ToGoPrivate(c.in), "ToGoPrivate(%q)", c.in)
	}
}

func TestCustomInitialisms(t *testing.T) {
	useInitialisms(t, map[string]bool{"GQL": true})
	assert.Equal(t, "GQLSchema", ToGo("gqlSchema"))
	assert.Equal(t, "UserId", ToGo("user_id"), "ID is no initialism once the defaults are replaced")
}

func TestModelNameCollisions(t *testing.T) {
	resetModelNames()
	t.Cleanup(resetModelNames)

	assert.Equal(t, "StatusActive", ToGoModelName("Status", "ACTIVE"))
	assert.Equal(t, "Statusactive", ToGoModelName("Status", "active"), "later parts kept as written")
	assert.Equal(t, "StatusActive0", ToGoModelName("Status", "Active"), "then a number")
	assert.Equal(t, "StatusActive", ToGoModelName("Status", "ACTIVE"), "same entity, same name")
	assert.Equal(t, "Node", ToGoModelName("Node"))
	assert.Equal(t, "Node0", ToGoModelName("node"))
	assert.Equal(t, "Node1", ToGoModelName("NODE"))
	assert.Equal(t, "colorDarkRed", ToGoPrivateModelName("Color", "dark-red"))
	assert.Equal(t, "colordark_red", ToGoPrivateModelName("Color", "dark red", ""))
}

func TestUcFirstLcFirst(t *testing.T) {
	assert.Equal(t, "Hello", UcFirst("hello"))
	assert.Equal(t, "ÉCole", UcFirst("éCole"))
	assert.Equal(t, "hELLO", LcFirst("HELLO"))
	assert.Equal(t, "", UcFirst(""))
	assert.Equal(t, "", LcFirst(""))
	assert.Equal(t, "X\uFFFD", UcFirst("x\xff"), "invalid UTF-8 decodes to U+FFFD")
}

func BenchmarkToGo(b *testing.B) {
	names := []string{"user_id", "relatedURLs", "createdAt", "HTTP_STATUS_CODE", "__typename", "IPAddress"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ToGo(names[i%len(names)])
	}
}
