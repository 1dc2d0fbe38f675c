package server

import (
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// SDL is the schema every wire-golden request runs against. Each field
// exists to put one kind of value or error on the wire; resolve.go says
// which. ../generated/schema.graphqls is the same text (a test checks it).
const SDL = `"Anything JSON: echoed back exactly as the variables decoder produced it."
scalar Any
scalar Upload

interface Node {
  id: ID!
}

type User implements Node {
  id: ID!
  name: String!
  "Friends of this user; one of them fails to load."
  friends: [User]
  email: String @deprecated(reason: "use <contact> & co")
}

type File {
  name: String!
  size: Int!
  contentType: String!
  content: String!
}

type Query {
  hello(name: String = "world"): String!
  echo(text: String!): String!
  echoAny(value: Any): Any
  html: String!
  user(id: ID!): User
  node(id: ID!): Node
  users: [User!]!
  fail: String
  failNonNull: String!
  htmlError: String
  failWith(message: String!): String
  panic: String
  panicHard: String
  expensive(n: Int!): [User!]!
  slow(ms: Int!): String!
  number: Float!
  "Not JSON at all: the transport cannot encode the response."
  broken: Any
  list: [Int!]!
}

type Mutation {
  rename(id: ID!, name: String!): User!
  upload(file: Upload!): File!
  uploadMany(files: [Upload!]!): [File!]!
  uploadNested(input: UploadInput!): [File!]!
}

input UploadInput {
  label: String
  files: [Upload!]!
}

type Subscription {
  ticks(n: Int!): Int!
  tickErrors(n: Int!): Int
  untilCancelled: Int!
  subscriptionError: Int!
  subscriptionPanic: Int!
  brokenEvents: Any
}
`

func loadSchema() *ast.Schema {
	return gqlparser.MustLoadSchema(&ast.Source{Name: "wiregolden.graphql", Input: SDL})
}
