package introspection

// QueryOptions turns on introspection fields that some GraphQL servers do not
// implement, mirroring the options of the same names in graphql-js's
// getIntrospectionQuery. The zero value asks only for fields every server
// based on graphql-js 16.0 or later understands.
type QueryOptions struct {
	// OneOf adds __Type.isOneOf, which graphql-js servers older than 16.9
	// reject. gqlgen servers always answer it.
	OneOf bool
}

// Query is a complete introspection query named IntrospectionQuery. It selects
// every introspection field except the optional ones in QueryOptions, passes
// includeDeprecated: true wherever that argument exists, and follows ofType
// nine levels deep. It is the same string as NewQuery(QueryOptions{}).
const Query = queryUpToTypeOptions + queryFromTypeOptions

// NewQuery returns Query with the optional fields that opts turns on.
func NewQuery(opts QueryOptions) string {
	if !opts.OneOf {
		return Query
	}
	return queryUpToTypeOptions + "  isOneOf\n" + queryFromTypeOptions
}

// The query text, split at the point in the FullType fragment where NewQuery
// inserts optional __Type fields. Selections follow the order graphql-js uses
// so that responses list their keys in the customary order.
const (
	queryUpToTypeOptions = `
query IntrospectionQuery {
  __schema {
    description
    queryType { name }
    mutationType { name }
    subscriptionType { name }
    types { ...FullType }
    directives {
      name description isRepeatable locations
      args(includeDeprecated: true) { ...InputValue }
    }
  }
}

fragment FullType on __Type {
  kind name description
  specifiedByURL
`
	queryFromTypeOptions = `  fields(includeDeprecated: true) {
    name description
    args(includeDeprecated: true) { ...InputValue }
    type { ...TypeRef }
    isDeprecated deprecationReason
  }
  inputFields(includeDeprecated: true) { ...InputValue }
  interfaces { ...TypeRef }
  enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
  possibleTypes { ...TypeRef }
}

fragment InputValue on __InputValue {
  name description
  type { ...TypeRef }
  defaultValue
  isDeprecated deprecationReason
}

fragment TypeRef on __Type {
  kind name
  ofType { kind name
  ofType { kind name
  ofType { kind name
  ofType { kind name
  ofType { kind name
  ofType { kind name
  ofType { kind name
  ofType { kind name
  ofType { kind name } } } } } } } } }
}
`
)
