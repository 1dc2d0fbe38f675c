// Package codegen turns a loaded configuration (schema, gqlgen.yml and the Go
// types they bind to) into the executable schema: the generated Go code that
// resolves GraphQL operations against user resolvers with the runtime in
// package graphql.
//
// It works in two steps. BuildData binds every schema type, field, argument
// and directive to Go (through config.Binder) and returns a Data, the model
// plugins read and may edit. GenerateCode renders that model with the
// package's embedded templates, in the exec layout the configuration asks
// for: single-file, or follow-schema (one file per schema file plus
// root_.generated.go).
//
// The templates only lay text out. What the generated code does is decided
// by the gen*.go files, which hand the templates finished pieces of code;
// facts about the whole schema (which types may block, which objects are
// held directly by struct fields) are worked out once per run by analyze.
// Each shape of output is one piece (piece.go): a text/template written
// as the code comes out, every brace it opens closed in it, filled with
// names and expressions the Go beside it decides.
//
// # The generated code
//
// The names user code and plugins rely on are upstream's: NewExecutableSchema,
// Config, ResolverRoot, DirectiveRoot, ComplexityRoot, the <Object>Resolver
// interfaces, Unmarshal<Input>, the executionContext methods (_<Object>,
// marshal…/unmarshal… per type reference, unmarshalInput<Input>) and the
// names of the per-field functions (field_<Object>_<field>_args,
// fieldContext_…), which are functions taking the execution context first
// rather than methods (see below).
//
// # What the compiler pays for
//
// Generated code is compiled by every user on every build, so its size per
// field and per type is kept small, and what does not depend on the schema
// lives in the runtime, compiled once:
//
//   - a plain struct field has no function of its own: a package-level
//     graphql.FieldInfo (fieldInfo_<Object>_<field>) describes its
//     FieldContext, and with field middleware graphql.ResolveStructField
//     resolves it from that and the value;
//   - childFields_<Type> (the FieldContext.Child of fields returning the
//     type) are package-level functions with the signature of
//     FieldInfo.Child, which FieldInfo variables name directly;
//   - Complexity hands each type to its own small complexity_<Type>
//     function instead of one switch over every field of the schema;
//   - the switches that grow with the whole schema have at most
//     switchPart (500) cases: a root object's field loop, an interface's
//     marshaler and the Complexity dispatch are written in parts tried in
//     turn beyond that, since the compiler's memory for one function grows
//     with the square of its size (a 10,000-case switch took 11 GB). The
//     field loop of any other object has one case per field of that object
//     and is not split;
//   - list marshallers call graphql.MarshalList and friends with the
//     element marshaller as a method expression;
//   - a resolver with arguments has one function, _<Object>_<field>,
//     a call of graphql.ResolveArgsField with a literal that calls the
//     resolver and captures nothing; the runtime holds both the direct path
//     and the one through the field middleware;
//   - arguments (graphql.ParseArg) and plain input object fields
//     (graphql.UnmarshalInputField) are one runtime call each, with the
//     unmarshaller as a method expression;
//   - a root field resolved by a resolver is one call in the root
//     object's field loop, with that function as a method expression: no
//     closures there (a Query of 450 fields had 900). The call is of
//     _rootField, the package's one instantiation of
//     graphql.ResolveRootFieldAt: the compiler writes out the type
//     arguments of every instantiation, and ComplexityRoot among them is
//     as large as the schema, so one per root field cost the square of
//     the schema (at 5,000 types most of the compile's front end);
//   - childFields_<Type> assigns the FieldInfo of a plain struct field in
//     its case (fields with the same FieldInfo share one) and makes one
//     NewFieldContext call after the switch;
//   - the field loop takes each collected field by pointer (one word to
//     pass instead of eight), and the runtime calls it makes for a field
//     (the FieldSet setters, CountInvalid, WithLazyFieldContext) are kept
//     out of line: inlined, they were about a fifth of every object's code;
//   - graphql.ResolveField, which the paths through field middleware use,
//     keeps its body in a function that is not generic: a field type costs
//     the package a small closure, not another copy of that body.
//
// Functions of one type call the functions of another through variables,
// late_<name>, each declared in the file of its function and all set by
// wireLate in the file of the executable schema:
// the marshalers call _<Object> (and the field loops _<Object>___under,
// which takes its lazy FieldContext by value) that way, the interfaces
// their objects, the input unmarshalers unmarshalInput<Input>, and the
// childFields_ and blocks_ functions one another. The reason is types2's
// initialization order (initOrder): before ordering the package's
// variables it removes every function from the graph of package-level
// references (calls, method values and method expressions included) by
// joining each caller to each callee. Inside a set of functions that all
// reach one another the joined edges pile up until every member points at
// every other, so that step costs about the cube of the set's size. With
// direct calls, objects that refer to each other both ways put nearly all
// of a schema's functions in one set: an eighth to a sixth of the compile
// at 300 types, and at 2,000 types a compile that had not finished after
// 14 minutes. A variable without an initializer stays in the graph and
// ends the chain. Only references through Go value types (a non-pointer
// object, or an interface implemented by a value) are still direct, since
// through a variable the value would move to the heap; the introspection
// types make one such set of six. tools/initcost measures the graph,
// and TestInitOrderGraph keeps it that way.
//
// wireLate is the initializer of the package-level variable lateWired, and
// NewExecutableSchema refers to lateWired: the variables are set while the
// package's variables are initialized, before any init function of the
// package (whatever its file is called) and before any package-level
// variable whose initializer calls NewExecutableSchema. No code that can
// run a query sees them unset. wireLate's assignments are sorted by name
// and each variable is a declaration of its own, so the single-file and
// follow-schema layouts declare the same things (TestLayoutsDeclareTheSame,
// and upstream's TestLayouts through make compat's regen mode).
//
// The SSA backend is about half of the compile. Timed per function
// (-d=ssa/all/time) on the 300-type loop schema with root resolvers, the
// objects' field loops (_<Object>___under) were 47% of the backend's time,
// mostly register allocation, which grows with the values live across the
// calls of each case; then childFields_ (6%), _Node (4%), the
// instantiations of graphql.ResolveField for each list type (3%) and
// complexity_<Type> (3%). A compile of a package that size holds 1.5 to 3
// GB, so the garbage collector is another sixth of the CPU and any code cut
// also cuts it.
//
// The per-field functions and the argument parsers are not methods of
// executionContext but functions taking it first (so that a function's
// name serves where a method expression did): the compiler looks up a
// type's methods by going through them one by one, so a type with tens of
// thousands of methods costs the square of that, and they would come near
// its limit of 65,535 methods per type. A 5,000-type schema of the loop
// benchmark has 33,325 methods (63,420 as methods, where most of the
// compile's front end went to those lookups); upstream's has 69,462 at
// 2,000 types and fails to compile ("too many methods"). A schema that
// could still come near the limit is generated with function syntax (as
// use_function_syntax_for_execution_context asks for), which BuildData
// decides from an upper bound on the count (methodCount) and says so.
//
// Every object is written by one function looping over the collected fields.
// When the operation has no field middleware (OperationContext.
// HasFieldMiddleware) a field takes a direct path where it can:
//
//   - a struct field of a built-in scalar is stored into the object's
//     FieldSet slot (FieldSet.SetString and friends): no FieldContext, no
//     closure, no allocation;
//   - a struct field holding an object, a list or another type is marshaled
//     under a lazy FieldContext (graphql.WithLazyFieldContext); an object
//     gets its FieldSet and that context from one allocation
//     (graphql.NewFieldSetUnder, through the object's _<Object>___under);
//   - a method that takes no context or arguments is called by its
//     _<Object>_<field> function, which stores the value as the loop
//     stores a struct field's and turns a panic or an error into an error
//     on the field;
//   - a resolver, or a method taking a context, is called by its
//     _<Object>_<field> function under a lazy FieldContext (or, with
//     arguments, one built up front), without ResolveField's closures.
//
// Each of those functions also holds the field's path through
// graphql.ResolveField, so that it is on the stack whatever middleware is
// installed: docs/generated-code.md describes the three shapes and where a
// breakpoint goes.
//
// With field middleware, directives on the field or a query directive at
// the FIELD location, fields go through graphql.ResolveField as upstream
// does, so middleware sees every field. Resolvers and context-taking
// methods run concurrently (FieldSet.ResolveFieldConcurrently) as upstream runs
// them; the elements of a list are marshaled on goroutines only when the
// fields the query selects in them include such a field (blocks_<Type>),
// and one after another on the calling goroutine otherwise
// (graphql.MarshalSlice). Responses are encoded with graphql.NewDataResponse
// into a buffer sized from the previous response, in the form the
// transport sends, so that the transport copies them.
package codegen
