package graphql

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"

	"github.com/vektah/gqlparser/v2/ast"
)

// CollectedField is one response key of a selection set after fragments are
// expanded and @skip/@include applied: the first field selected under that
// key, and the sub-selections of every field merged into it.
type CollectedField struct {
	*ast.Field

	// Selections are the sub-selections of all the merged fields, in query
	// order.
	Selections ast.SelectionSet
	// IsNonDeferrable reports that the field is selected at least once
	// outside any @defer fragment, so it is not deferred whatever
	// Deferrables says.
	IsNonDeferrable bool
	// Deferrables are the @defer fragments the field is selected in.
	Deferrables []*Deferrable
}

// IsDeferred reports whether the field is resolved in a later payload: it
// is selected in at least one @defer fragment and nowhere outside one.
func (f CollectedField) IsDeferred() bool {
	return len(f.Deferrables) > 0 && !f.IsNonDeferrable
}

// Deferrable is a @defer fragment, identified by its label.
type Deferrable struct {
	Label string
}

// CollectFields returns the fields of selSet that apply to an object of one
// of the types in satisfies (its own type, and the interfaces and unions it
// belongs to); with no types every fragment applies. Fields are grouped by
// response key in query order, with fragments expanded in place and @skip,
// @include and @defer evaluated against the operation's variables.
//
// Results are memoised, keyed by the selection set and the types, so
// callers must not modify them: for as long as the document lives when no
// directive in the selection set depends on a variable, else for the life
// of reqCtx.
func CollectFields(reqCtx *OperationContext, selSet ast.SelectionSet, satisfies []string) []CollectedField {
	if len(selSet) == 0 {
		return []CollectedField{}
	}
	shared := reqCtx.documentCollectCache()
	if shared != nil {
		if fields, ok := shared.lookup(selSet, satisfies); ok {
			return fields
		}
	}
	own := reqCtx.collected.Load()
	if own != nil {
		if fields, ok := own.lookup(selSet, satisfies); ok {
			return fields
		}
	}
	col := collector{oc: reqCtx, satisfies: satisfies}
	fields := markUniqueAliases(col.collect(selSet, false))
	if shared != nil && !col.readVariables {
		return shared.store(selSet, satisfies, fields)
	}
	if own == nil {
		// Only results that depend on the variables need a cache of the
		// operation's own, so it is made on first use.
		reqCtx.collected.CompareAndSwap(nil, new(collectCache))
		own = reqCtx.collected.Load()
	}
	return own.store(selSet, satisfies, fields)
}

// documentCollectCache returns the collect cache shared by every operation
// on reqCtx.Doc; nil without a document, or for the first operation on it.
func (c *OperationContext) documentCollectCache() *collectCache {
	if shared := c.sharedCollected.Load(); shared != nil {
		if shared == notShared {
			return nil
		}
		return shared
	}
	if c.Doc == nil {
		return nil
	}
	shared := documentCaches.forDocument(c.Doc)
	if shared == nil {
		c.sharedCollected.Store(notShared)
		return nil
	}
	c.sharedCollected.Store(shared)
	return shared
}

// notShared marks an operation whose document has no shared collect cache
// (yet): its results go to the operation's own.
var notShared = new(collectCache)

// documentCaches holds a collect cache for each live query document that a
// second operation has used. A cached document serves many requests, and
// without a cache of its own each would collect the same selection sets
// again. Entries are keyed by weak pointers and dropped when their document
// is garbage collected.
//
// A document's cache holds the document's nodes, and outlives the document
// by one garbage collection: the collection that finds the document gone
// has marked the nodes through the cache, and only frees them the next
// time. A document parsed for one request only (no query cache, or a
// stream of distinct documents) would therefore keep its whole tree a
// collection longer, and a server receiving large documents would carry
// twice their weight and mark it again and again. So the first operation
// on a document gets no shared cache; only its document is remembered,
// weakly.
var documentCaches docCacheTable

type docCacheTable struct {
	mu     sync.RWMutex
	caches map[weak.Pointer[ast.QueryDocument]]*collectCache
	// seen holds the documents one operation has asked about.
	seen   map[weak.Pointer[ast.QueryDocument]]struct{}
	recent [16]atomic.Pointer[recentDocument]
}

func (t *docCacheTable) forDocument(doc *ast.QueryDocument) *collectCache {
	// A cached document serves request after request: the recent slots
	// answer those without making a weak pointer or taking a lock. A slot
	// holds its document and cache weakly: the cache's entries hold the
	// document's nodes, and a slot that held them strongly would keep the
	// last few documents' trees alive, however large (sixteen parsed
	// 600 KB documents are 350 MB), and have every garbage collection
	// mark them.
	slot := &t.recent[uintptr(unsafe.Pointer(doc))>>4%uintptr(len(t.recent))]
	if e := slot.Load(); e != nil && e.doc.Value() == doc {
		if c := e.cache.Value(); c != nil {
			return c
		}
	}
	key, c := t.lookupOrAdd(doc)
	if c != nil {
		slot.Store(&recentDocument{doc: key, cache: weak.Make(c)})
	}
	return c
}

// recentDocument pairs a document with its collect cache, both held
// weakly: the table's map holds the cache as long as the document lives.
type recentDocument struct {
	doc   weak.Pointer[ast.QueryDocument]
	cache weak.Pointer[collectCache]
}

func (t *docCacheTable) lookupOrAdd(doc *ast.QueryDocument) (weak.Pointer[ast.QueryDocument], *collectCache) {
	key := weak.Make(doc)
	t.mu.RLock()
	c := t.caches[key]
	t.mu.RUnlock()
	if c != nil {
		return key, c
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if c = t.caches[key]; c != nil {
		return key, c
	}
	if _, again := t.seen[key]; !again {
		if t.seen == nil {
			t.seen = map[weak.Pointer[ast.QueryDocument]]struct{}{}
		}
		t.seen[key] = struct{}{}
		runtime.AddCleanup(doc, t.drop, key)
		return key, nil
	}
	delete(t.seen, key)
	if t.caches == nil {
		t.caches = map[weak.Pointer[ast.QueryDocument]]*collectCache{}
	}
	c = new(collectCache)
	t.caches[key] = c
	return key, c
}

func (t *docCacheTable) drop(key weak.Pointer[ast.QueryDocument]) {
	t.mu.Lock()
	delete(t.caches, key)
	delete(t.seen, key)
	t.mu.Unlock()
}

// collectCache memoises CollectFields. Generated code collects the fields of
// every object it writes, so for a list of a thousand objects the same
// selection set is collected a thousand times, often from many goroutines;
// reads must therefore be cheap and free of locks.
//
// The map is keyed by the address of the selection set's first element,
// which the key keeps alive so that the address cannot be reused. Each key
// holds a short immutable chain of results, one per length and type list.
type collectCache struct {
	m sync.Map // *ast.Selection → *collectEntry
	// recent remembers the last entry used per slot, keyed by address:
	// writing a list asks for the same few selection sets over and over,
	// and a hit here skips hashing into the map.
	recent [16]atomic.Pointer[collectEntry]
}

type collectEntry struct {
	key       *ast.Selection
	n         int
	satisfies []string
	fields    []CollectedField
	next      *collectEntry
}

// matches reports whether e holds the fields of the selection set of n
// selections at key, for the types satisfies.
func (e *collectEntry) matches(key *ast.Selection, n int, satisfies []string) bool {
	if e.key != key || e.n != n || len(e.satisfies) != len(satisfies) {
		return false
	}
	// Generated code passes the same package-level slice every time.
	return len(satisfies) == 0 || unsafe.SliceData(e.satisfies) == unsafe.SliceData(satisfies) ||
		slices.Equal(e.satisfies, satisfies)
}

// lookup returns the memoised fields of selSet for satisfies, if any.
func (c *collectCache) lookup(selSet ast.SelectionSet, satisfies []string) ([]CollectedField, bool) {
	key := unsafe.SliceData(selSet)
	slot := c.slot(key)
	if e := slot.Load(); e != nil && e.matches(key, len(selSet), satisfies) {
		return e.fields, true
	}
	v, _ := c.m.Load(key)
	for e, _ := v.(*collectEntry); e != nil; e = e.next {
		if e.matches(key, len(selSet), satisfies) {
			slot.Store(e)
			return e.fields, true
		}
	}
	return nil, false
}

// store memoises fields as the fields of selSet for satisfies and returns
// them.
func (c *collectCache) store(selSet ast.SelectionSet, satisfies []string, fields []CollectedField) []CollectedField {
	key := unsafe.SliceData(selSet)
	v, loaded := c.m.Load(key)
	head, _ := v.(*collectEntry)
	// The entry keeps its own copy of the types: the caller's slice is
	// only compared by address as a shortcut, never trusted to stay.
	e := &collectEntry{key: key, n: len(selSet), satisfies: slices.Clone(satisfies), fields: fields, next: head}
	// If another goroutine updated the chain meanwhile, this result is simply
	// not kept: it equals the one that is.
	if !loaded {
		c.m.LoadOrStore(key, e)
	} else {
		c.m.CompareAndSwap(key, head, e)
	}
	c.slot(key).Store(e)
	return fields
}

func (c *collectCache) slot(key *ast.Selection) *atomic.Pointer[collectEntry] {
	return &c.recent[uintptr(unsafe.Pointer(key))>>4%uintptr(len(c.recent))]
}

// collector holds the state of one CollectFields computation.
type collector struct {
	oc        *OperationContext
	satisfies []string
	// spread records the fragments already expanded: a fragment spread a
	// second time anywhere in the same selection set adds nothing.
	spread map[string]struct{}
	// readVariables records that a directive argument was a variable, so
	// the result holds for this operation's variables only.
	readVariables bool
	// scratch holds a list per fragment nesting level for expand; nested
	// is the current level.
	scratch [][]CollectedField
	nested  int
}

func (c *collector) collect(selSet ast.SelectionSet, inDefer bool) []CollectedField {
	return c.collectInto(make([]CollectedField, 0, min(len(selSet), 32)), selSet, inDefer) // merged fields are often far fewer
}

// collectInto is collect appending to into, which must be empty.
func (c *collector) collectInto(into []CollectedField, selSet ast.SelectionSet, inDefer bool) []CollectedField {
	out := mergedFields{list: into}
	for _, sel := range selSet {
		switch sel := sel.(type) {
		case *ast.Field:
			if !c.included(sel.Directives) {
				continue
			}
			i := out.find(sel.Name, sel.Alias, sel.ObjectDefinition)
			if i < 0 {
				i = out.add(CollectedField{Field: sel})
			}
			if !inDefer {
				out.list[i].IsNonDeferrable = true
			}
			out.list[i].Selections = append(out.list[i].Selections, sel.SelectionSet...)

		case *ast.InlineFragment:
			if !c.included(sel.Directives) || !c.applies(sel.TypeCondition) {
				continue
			}
			c.expand(&out, sel.Directives, sel.SelectionSet, inDefer)

		case *ast.FragmentSpread:
			if _, done := c.spread[sel.Name]; done || !c.included(sel.Directives) {
				continue
			}
			if c.spread == nil {
				c.spread = map[string]struct{}{}
			}
			c.spread[sel.Name] = struct{}{}
			frag := c.oc.Doc.Fragments.ForName(sel.Name)
			if frag == nil {
				// The validator rejects unknown fragments before execution.
				panic(fmt.Errorf("missing fragment %s", sel.Name))
			}
			if !c.applies(frag.TypeCondition) {
				continue
			}
			c.expand(&out, sel.Directives, frag.SelectionSet, inDefer)

		default:
			panic(fmt.Errorf("unsupported %T", sel))
		}
	}
	return out.list
}

// expand merges the fields of a fragment's selection set into out. dirs are
// the directives on the fragment (or the spread), where @defer may be.
func (c *collector) expand(out *mergedFields, dirs ast.DirectiveList, selSet ast.SelectionSet, inDefer bool) {
	deferred, label := c.deferDirective(dirs)
	// The fragment's own list is only read here, its fields copied into
	// out: one scratch list per nesting level serves every fragment.
	level := c.nested
	if level == len(c.scratch) {
		c.scratch = append(c.scratch, nil)
	}
	c.nested++
	children := c.collectInto(c.scratch[level][:0], selSet, inDefer || deferred)
	c.nested--
	defer func() {
		clear(children)
		c.scratch[level] = children[:0]
	}()
	for _, child := range children {
		i := out.find(child.Name, child.Alias, child.ObjectDefinition)
		if i < 0 {
			i = out.add(child)
		} else {
			f := &out.list[i]
			f.Selections = append(f.Selections, child.Selections...)
			f.Deferrables = append(f.Deferrables, child.Deferrables...)
			f.IsNonDeferrable = f.IsNonDeferrable || child.IsNonDeferrable
		}
		if deferred {
			out.list[i].Deferrables = append(out.list[i].Deferrables, &Deferrable{Label: label})
		}
	}
}

// mergedFields is the list collect builds, with an index by response key
// once it is long: a selection of thousands of distinct aliases would
// otherwise cost a scan of the list per field.
type mergedFields struct {
	list  []CollectedField
	index map[[2]string][]int // by name and alias: positions in list, ascending
}

// indexAbove is the length past which mergedFields keeps its index, and
// repeatedAlias uses a set (a variable so that tests can pin the indexed
// path to the scan).
var indexAbove = 32

// find returns the position of the field in the list that a field with the
// given name, alias and parent type merges into, or -1: the first that
// findCollected accepts.
func (m *mergedFields) find(name, alias string, parent *ast.Definition) int {
	if m.index == nil {
		return findCollected(m.list, name, alias, parent)
	}
	for _, i := range m.index[[2]string{name, alias}] {
		if mergesWith(&m.list[i], parent) {
			return i
		}
	}
	return -1
}

// add appends f and returns its position.
func (m *mergedFields) add(f CollectedField) int {
	m.list = append(m.list, f)
	i := len(m.list) - 1
	switch {
	case m.index != nil:
		key := [2]string{f.Name, f.Alias}
		m.index[key] = append(m.index[key], i)
	case len(m.list) > indexAbove:
		m.index = make(map[[2]string][]int, 2*len(m.list))
		for j := range m.list {
			key := [2]string{m.list[j].Name, m.list[j].Alias}
			m.index[key] = append(m.index[key], j)
		}
	}
	return i
}

// applies reports whether a fragment with the given type condition applies.
func (c *collector) applies(typeCondition string) bool {
	return len(c.satisfies) == 0 || typeCondition == "" || slices.Contains(c.satisfies, typeCondition)
}

// findCollected returns the index of the field in fields that a field with
// the given name, alias and parent type merges into, or -1. Fields merge when
// name and alias match and their parent types are the same type, or one is
// an interface the other implements.
func findCollected(fields []CollectedField, name, alias string, parent *ast.Definition) int {
	for i := range fields {
		f := &fields[i]
		if f.Name == name && f.Alias == alias && mergesWith(f, parent) {
			return i
		}
	}
	return -1
}

// mergesWith reports whether a field of the given parent type merges into
// f, which has the same name and alias: the parent types are the same
// type, or one is an interface the other implements.
func mergesWith(f *CollectedField, parent *ast.Definition) bool {
	other := f.ObjectDefinition
	switch {
	case other == parent:
		return true
	case other == nil || parent == nil:
		return false
	}
	return other.Name == parent.Name ||
		slices.Contains(parent.Interfaces, other.Name) ||
		slices.Contains(other.Interfaces, parent.Name)
}

// included evaluates @skip and @include. The validator has checked their
// arguments, so a malformed one is a bug and panics.
func (c *collector) included(dirs ast.DirectiveList) bool {
	if len(dirs) == 0 {
		return true
	}
	if d := dirs.ForName("skip"); d != nil && c.ifArgument(d) {
		return false
	}
	if d := dirs.ForName("include"); d != nil && !c.ifArgument(d) {
		return false
	}
	return true
}

func (c *collector) ifArgument(d *ast.Directive) bool {
	arg := d.Arguments.ForName("if")
	if arg == nil {
		panic(fmt.Sprintf("%s: argument 'if' not defined", d.Name))
	}
	v, err := c.argument(arg.Value)
	if err != nil {
		panic(err)
	}
	b, ok := v.(bool)
	if !ok {
		panic(fmt.Sprintf("%s: argument 'if' is not a boolean", d.Name))
	}
	return b
}

// argument evaluates a directive argument, noting whether it read a
// variable.
func (c *collector) argument(v *ast.Value) (any, error) {
	if readsVariable(v) {
		c.readVariables = true
	}
	return v.Value(c.oc.Variables)
}

func readsVariable(v *ast.Value) bool {
	if v == nil {
		return false
	}
	if v.Kind == ast.Variable {
		return true
	}
	for _, child := range v.Children {
		if readsVariable(child.Value) {
			return true
		}
	}
	return false
}

// deferDirective evaluates @defer: whether the fragment is deferred, and its
// label. An `if` that is not a boolean (a null variable) turns deferral off.
func (c *collector) deferDirective(dirs ast.DirectiveList) (deferred bool, label string) {
	d := dirs.ForName("defer")
	if d == nil {
		return false, ""
	}
	deferred = true
	for _, arg := range d.Arguments {
		switch arg.Name {
		case "if":
			if v, err := c.argument(arg.Value); err == nil {
				deferred, _ = v.(bool)
			}
		case "label":
			if v, err := c.argument(arg.Value); err == nil {
				label, _ = v.(string)
			}
		default:
			panic(fmt.Sprintf("defer: argument '%s' not supported", arg.Name))
		}
	}
	return deferred, label
}

// The marks below are stored one past the end of a memoised field list
// whose response keys are all distinct. Writing an object must skip a
// repeated key; a mark lets FieldSet skip the search for repeats, at the
// cost of one comparison. plainAliases also says that no alias needs
// escaping (true of every alias the parser produces), so keys are copied
// without a scan. Only the addresses are compared, so a slice built
// elsewhere can never carry a mark by accident.
var (
	uniqueAliases = &ast.Field{}
	plainAliases  = &ast.Field{}
)

// aliasKind is what is known about the aliases of a field list.
type aliasKind uint8

const (
	aliasesUnknown aliasKind = iota // may repeat, may need escaping
	aliasesUnique                   // distinct
	aliasesPlain                    // distinct, and none needs escaping
)

// markUniqueAliases returns fields, carrying a mark in its spare capacity
// when no two fields share an alias.
func markUniqueAliases(fields []CollectedField) []CollectedField {
	if repeatedAlias(fields) >= 0 {
		return fields
	}
	mark := plainAliases
	for i := range fields {
		if !isPlainName(fields[i].Alias) {
			mark = uniqueAliases
			break
		}
	}
	return append(fields, CollectedField{Field: mark})[:len(fields)]
}

// aliasesOf returns what the mark of markUniqueAliases says about fields.
func aliasesOf(fields []CollectedField) aliasKind {
	n := len(fields)
	if cap(fields) <= n {
		return aliasesUnknown
	}
	switch fields[:n+1][n].Field {
	case plainAliases:
		return aliasesPlain
	case uniqueAliases:
		return aliasesUnique
	}
	return aliasesUnknown
}

// aliasesKnownUnique reports whether fields carries a mark of
// markUniqueAliases.
func aliasesKnownUnique(fields []CollectedField) bool {
	return aliasesOf(fields) != aliasesUnknown
}

// isPlainName reports whether s is written as a JSON string without
// escapes: no control character, quote or backslash.
func isPlainName(s string) bool {
	for i := 0; i < len(s); i++ {
		if needsEscape[s[i]] {
			return false
		}
	}
	return true
}

// repeatedAlias returns the index of the first field whose alias an earlier
// field already has, or -1.
func repeatedAlias(fields []CollectedField) int {
	if len(fields) > indexAbove {
		seen := make(map[string]struct{}, len(fields))
		for i := range fields {
			if _, dup := seen[fields[i].Alias]; dup {
				return i
			}
			seen[fields[i].Alias] = struct{}{}
		}
		return -1
	}
	for i := 1; i < len(fields); i++ {
		if aliasIndex(fields[:i], fields[i].Alias) >= 0 {
			return i
		}
	}
	return -1
}

// aliasIndex returns the index of the first of fields with the given alias,
// or -1.
func aliasIndex(fields []CollectedField, alias string) int {
	for i := range fields {
		if fields[i].Alias == alias {
			return i
		}
	}
	return -1
}
