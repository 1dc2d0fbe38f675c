package validation

import (
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/vektah/gqlparser/v2/validator/core"
)

// OverlappingFieldsName is the name gqlparser gives the rule that checks
// that fields sharing a response name can be merged.
const OverlappingFieldsName = "OverlappingFieldsCanBeMerged"

// OverlappingFields checks what gqlparser's OverlappingFieldsCanBeMerged
// rule checks and reports the same errors in the same order, but compares
// fields by the shape of their subtree where it can.
//
// The rule compares every pair of fields that share a response name, and
// for each pair the pairs below it. A field repeated ten thousand times
// therefore costs fifty million comparisons there. Here:
//
//   - a field whose subtree spreads no named fragment has a shape: an
//     interned id for everything the comparison reads (name, alias,
//     arguments, parent and field type, and the shapes under it). Two such
//     fields compare exactly as any other two of the same shapes do, so
//     the outcome of a pair of shapes is computed once;
//   - a group of such fields is first checked as a whole: if every shape in
//     it has one name, one argument list and one type, and the groups of
//     their subfields pass the same check, no pair in it can conflict, and
//     the pairs are never enumerated. That costs what the distinct shapes
//     cost, which for a repeated field is the field once;
//   - a selection set that repeats one leaf, directly or through inline
//     fragments, cannot conflict; it is recognised from its inline
//     fragments' answers, without being flattened (see oneLeaf);
//   - a group of one field repeated with fields and fragment spreads in
//     its selection set is skipped when every comparison of two of its
//     fields would only meet memoised pairs and mergeable subfields (see
//     quietMixedGroup);
//   - only a group that fails those checks, or holds a field with fragment
//     spreads below it, is compared pair by pair, as gqlparser does.
//
// Fragment spreads are handled as gqlparser handles them, with the same
// memo of compared (fields, fragment) and (fragment, fragment) pairs,
// because what gets reported under a pair depends on what was compared
// before it. A document that conflicts everywhere still enumerates pairs,
// but each one yields an error, and the executor stops at its error cap.
var OverlappingFields = validator.Rule{Name: OverlappingFieldsName, RuleFunc: watchOverlaps}

func watchOverlaps(events *validator.Events, report validator.AddErrFunc) {
	m := &merger{
		report:   report,
		notes:    map[*ast.Field]*fieldNote{},
		ids:      map[string]int32{},
		verdicts: map[shapePair]verdict{},
		clean:    map[int32]bool{},
		setFrag:  map[setFragKey]bool{},
		fragFrag: map[[2]string]bool{},
	}
	events.OnOperation(func(w *validator.Walker, op *ast.OperationDefinition) {
		if m.oneLeaf(w, op.SelectionSet) == nil {
			m.within(w, op.SelectionSet)
		}
	})
	events.OnField(func(w *validator.Walker, f *ast.Field) {
		if len(f.SelectionSet) == 0 {
			return
		}
		// A fragment's fields are checked when an operation spreads it;
		// checking them again when the fragment itself is walked would
		// report their conflicts twice.
		if m.oneLeaf(w, f.SelectionSet) == nil && w.CurrentOperation != nil {
			m.within(w, f.SelectionSet)
		}
	})
	events.OnInlineFragment(func(w *validator.Walker, f *ast.InlineFragment) {
		leaf := m.oneLeaf(w, f.SelectionSet)
		m.done = append(m.done, doneInline{fragment: f, leaf: leaf})
		if leaf == nil {
			m.within(w, f.SelectionSet)
		}
	})
	events.OnFragment(func(w *validator.Walker, f *ast.FragmentDefinition) {
		if m.oneLeaf(w, f.SelectionSet) == nil {
			m.within(w, f.SelectionSet)
		}
	})
}

// doneInline is an inline fragment whose event has fired, with the leaf
// its selection set repeats, or nil; see oneLeaf.
type doneInline struct {
	fragment *ast.InlineFragment
	leaf     *ast.Field
}

// maxDoneSearch bounds how far below the top of merger.done an inline
// fragment is looked for. The walker fires a set's events after those of
// everything inside it, and each event takes its inline fragments' entries
// off, so an inline fragment's entry is at the top when its parent's event
// looks for it, unless a named fragment walked since (a later sibling's
// spread) left the entries of its own top-level inline fragments above it.
// Past the bound the set is checked the general way: a document built to
// bury entries costs at most this much more per inline fragment.
const maxDoneSearch = 64

// oneLeaf returns the leaf selection that set repeats, through its inline
// fragments, when it has no other selection and no fragment spread (see
// sameLeaves; every field with its parent type). within would report
// nothing for such a set, nor would it for any of its inline fragments: a
// document of inline fragments nested and repeated, all around one field,
// is checked by this alone, without flattening a set.
//
// The answers of set's inline fragments are taken from merger.done, where
// their events left them, and removed from it. When set is not one leaf
// repeated, those of its inline fragments that are get their flattened form
// from that answer, so that flattening set does not walk into them again.
func (m *merger) oneLeaf(w *validator.Walker, set ast.SelectionSet) *ast.Field {
	var leaf *ast.Field
	ok := len(set) > 0
	var repeating []doneInline
	for i := len(set) - 1; i >= 0; i-- {
		var x *ast.Field
		switch sel := set[i].(type) {
		case *ast.Field:
			if len(sel.Arguments) == 0 && len(sel.SelectionSet) == 0 && sel.ObjectDefinition != nil {
				x = sel
			}
		case *ast.InlineFragment:
			if x = m.popDone(sel); x != nil {
				repeating = append(repeating, doneInline{fragment: sel, leaf: x})
			}
		}
		switch {
		case x == nil:
			ok = false
		case leaf == nil:
			leaf = x
		case responseName(x) != responseName(leaf) || !sameLeaves([]*ast.Field{leaf, x}):
			ok = false
		}
	}
	if ok {
		return leaf
	}
	for _, r := range repeating {
		m.rememberLeaf(w, r.fragment.SelectionSet, r.leaf)
	}
	return nil
}

// popDone removes from merger.done the entry of f and those above it, and
// returns f's leaf; nil when f is not found.
func (m *merger) popDone(f *ast.InlineFragment) *ast.Field {
	for i := len(m.done) - 1; i >= max(0, len(m.done)-maxDoneSearch); i-- {
		if m.done[i].fragment == f {
			leaf := m.done[i].leaf
			clear(m.done[i:])
			m.done = m.done[:i]
			return leaf
		}
	}
	return nil
}

// rememberLeaf records the flattened form of set, which repeats leaf and
// nothing else, unless set has one already.
func (m *merger) rememberLeaf(w *validator.Walker, set ast.SelectionSet, leaf *ast.Field) {
	m.prepare(w)
	key := flatKey{first: unsafe.SliceData(set), n: len(set)}
	first, shared := m.byFirst[key.first]
	if shared && len(first.set) == key.n {
		return
	}
	if _, found := m.flats[key]; found {
		return
	}
	flat := m.newFlatSet()
	flat.set = set
	flat.names = append(flat.nameBuf[:0], responseName(leaf))
	flat.leaves = append(flat.leafBuf[:0], leaf)
	flat.settled = true
	flat.inner = flat.innerBuf[:0]
	if shared {
		m.flats[key] = flat
	} else {
		m.byFirst[key.first] = flat
	}
}

// merger is the state of the rule for one validation.
type merger struct {
	schema *ast.Schema
	report validator.AddErrFunc

	// byFirst and flats hold the flattened selection sets, one per
	// selection set, so that a set has one identity for the memos below;
	// see flatten.
	byFirst map[*ast.Selection]*flatSet
	flats   map[flatKey]*flatSet
	// flatRun holds the flatSets not handed out yet; see newFlatSet.
	flatRun    []flatSet
	flatRunLen int
	// done holds the inline fragments whose events have fired and whose
	// parent's has not yet; see oneLeaf.
	done []doneInline
	// notes describe each field met so far.
	notes map[*ast.Field]*fieldNote

	// shapes are the interned shapes, indexed by id; ids interns their keys.
	shapes []*shape
	ids    map[string]int32
	// keyBuf is reused to build the keys of ids: only a new key is copied.
	keyBuf []byte
	// typeStrings caches the String of the schema's field types.
	typeStrings map[*ast.Type]string
	// verdicts are the outcomes of comparing two shapes.
	verdicts map[shapePair]verdict
	// clean records shapes whose subfields cannot conflict among
	// themselves, whichever two of them are compared.
	clean map[int32]bool

	// setFrag and fragFrag are the memos of compared pairs that involve a
	// named fragment, each with the mutual exclusivity it was compared
	// under; see seenPair.
	setFrag  map[setFragKey]bool
	fragFrag map[[2]string]bool
}

// flatKey names a selection set by the address of its first selection and
// its length: a slice cannot be a map key. Every empty set gets the zero
// key and so one shared flattening, as in gqlparser, whose memos treat the
// empty sets as one.
type flatKey struct {
	first *ast.Selection
	n     int
}

// flatSet is a selection set with its inline fragments expanded: the
// response names of its fields in order of first appearance, its named
// fragment spreads, and, built only when needed, its fields in order and
// grouped by response name.
//
// Each name may also be known to repeat one leaf selection in all its
// fields (see sameLeaves). That summary is built from the summaries of
// nested inline fragments, so a tree of inline fragments that repeats one
// field is checked in time proportional to its size, without listing the
// fields of each level.
type flatSet struct {
	set     ast.SelectionSet
	names   []string
	index   map[string]int
	spreads []*ast.FragmentSpread

	// leaves holds, per name, the leaf all its fields repeat, or nil. It
	// depends on the walker's annotations, so it is kept only once every
	// field involved has its parent type (settled); see merger.note.
	leaves  []*ast.Field
	settled bool

	expanded bool
	fields   []*ast.Field
	groups   map[string][]*ast.Field

	// inner are the flattened sets of its inline fragments, in order.
	inner []*flatSet

	// nameBuf and leafBuf back names and leaves while the set has one
	// name, as most sets in a document do, sparing two allocations;
	// innerBuf backs inner up to two inline fragments.
	nameBuf  [1]string
	leafBuf  [1]*ast.Field
	innerBuf [2]*flatSet
}

// indexAbove is the number of names past which a flatSet keeps an index of
// them rather than searching the list.
const indexAbove = 8

// lookup returns the position of name in flat.names, or -1.
func (flat *flatSet) lookup(name string) int {
	if flat.index != nil {
		if i, ok := flat.index[name]; ok {
			return i
		}
		return -1
	}
	for i, n := range flat.names {
		if n == name {
			return i
		}
	}
	return -1
}

// addName adds name to the names of flat if it is new.
func (flat *flatSet) addName(name string) {
	if flat.lookup(name) >= 0 {
		return
	}
	flat.names = append(flat.names, name)
	if flat.index != nil {
		flat.index[name] = len(flat.names) - 1
	} else if len(flat.names) > indexAbove {
		flat.index = make(map[string]int, 2*len(flat.names))
		for i, n := range flat.names {
			flat.index[n] = i
		}
	}
}

// leavesOf returns, per name of flat, the leaf selection all its fields
// repeat, or nil where they do not.
func (m *merger) leavesOf(flat *flatSet) []*ast.Field {
	if flat.settled {
		return flat.leaves
	}
	var leaves []*ast.Field
	if len(flat.names) == 1 {
		leaves = flat.leafBuf[:]
	} else {
		leaves = make([]*ast.Field, len(flat.names))
	}
	for i := range leaves {
		leaves[i] = unseenLeaf
	}
	settled := true
	nextInner := 0
	merge := func(name string, leaf *ast.Field) {
		i := flat.lookup(name)
		switch {
		case leaves[i] == unseenLeaf:
			leaves[i] = leaf
		case leaves[i] != nil && (leaf == nil || !sameLeaves([]*ast.Field{leaves[i], leaf})):
			leaves[i] = nil
		}
	}
	for _, sel := range flat.set {
		switch sel := sel.(type) {
		case *ast.Field:
			var leaf *ast.Field
			if len(sel.Arguments) == 0 && len(sel.SelectionSet) == 0 {
				leaf = sel
			}
			settled = settled && sel.ObjectDefinition != nil
			merge(responseName(sel), leaf)
		case *ast.InlineFragment:
			inner := flat.inner[nextInner]
			nextInner++
			innerLeaves := m.leavesOf(inner)
			settled = settled && inner.settled
			for i, name := range inner.names {
				merge(name, innerLeaves[i])
			}
		}
	}
	if settled {
		flat.leaves, flat.settled = leaves, true
	}
	return leaves
}

// unseenLeaf marks, while leavesOf runs, a name none of whose fields has
// been met yet.
var unseenLeaf = &ast.Field{}

// expand lists the fields of flat, in order and by response name.
func (flat *flatSet) expand() {
	if flat.expanded {
		return
	}
	flat.expanded = true
	if len(flat.names) > 1 {
		flat.groups = make(map[string][]*ast.Field, len(flat.names))
	}
	var walk func(set ast.SelectionSet)
	walk = func(set ast.SelectionSet) {
		for _, sel := range set {
			switch sel := sel.(type) {
			case *ast.Field:
				name := responseName(sel)
				if flat.groups != nil {
					flat.groups[name] = append(flat.groups[name], sel)
				}
				flat.fields = append(flat.fields, sel)
			case *ast.InlineFragment:
				walk(sel.SelectionSet)
			}
		}
	}
	walk(flat.set)
}

// group returns the fields of flat with the response name at position i.
func (flat *flatSet) group(i int) []*ast.Field {
	flat.expand()
	if flat.groups == nil {
		return flat.fields // one name: every field is in its group
	}
	return flat.groups[flat.names[i]]
}

// fieldNote is what the rule knows of one field: its shape when its
// subtree has no named fragment spread (pure), else noShape, and its
// arguments in comparable form.
type fieldNote struct {
	shape int32
	args  []argKey
	// settled is set when every field of the subtree has its parent type,
	// and so the note cannot change any more.
	settled bool
}

const noShape = -1

// argKey is an argument with its value encoded so that two values are
// equal exactly when gqlparser considers them the same.
type argKey struct{ name, value string }

// shape is everything the comparison of two pure fields reads.
type shape struct {
	response, name string
	// hasParent is false when the field's parent type is unknown; such a
	// field conflicts with nothing.
	hasParent      bool
	parent         string
	parentIsObject bool
	// typ is the field's declared type, nil when the field is unknown.
	typ  *ast.Type
	args []argKey
	// argsKey is args as one string, compared whole by the group check.
	argsKey string
	// kids are the shapes of the fields under this one, in order;
	// kidNames and kidGroups group them by response name.
	kids      []int32
	kidNames  []string
	kidGroups map[string][]int32
}

type shapePair struct {
	a, b      int32
	exclusive bool
}

// verdict is the outcome of comparing two fields: when conflict is set,
// reason says why, in gqlparser's words.
type verdict struct {
	reason   string
	conflict bool
}

// conflict is a conflict found between two fields: the first field's
// response name, why, and where the second field is.
type conflict struct {
	response string
	reason   string
	at       *ast.Position
}

type setFragKey struct {
	set      *flatSet
	fragment string
}

// seenPair reports whether a pair found in memo (with the exclusivity it
// was compared under) need not be compared again under exclusive. A pair
// compared as not mutually exclusive covers both cases; one compared as
// mutually exclusive covers only that case.
func seenPair(memo, found, exclusive bool) bool {
	return found && (exclusive || !memo)
}

// within reports the conflicts inside one selection set: between the fields
// of each response name, between its fields and each fragment it spreads,
// and between every two of those fragments.
func (m *merger) within(w *validator.Walker, set ast.SelectionSet) {
	if len(set) == 0 {
		return
	}
	m.prepare(w)
	flat := m.flatten(set)
	leaves := m.leavesOf(flat)
	for i := range flat.names {
		if leaves[i] == nil {
			m.withinGroup(flat.group(i))
		}
	}
	for i, a := range flat.spreads {
		m.emit(m.setVsFragment(nil, false, flat, a))
		for _, b := range flat.spreads[i+1:] {
			m.emit(m.fragmentVsFragment(nil, false, a, b))
		}
	}
}

// prepare readies the memos of flattened sets for w's document.
func (m *merger) prepare(w *validator.Walker) {
	m.schema = w.Schema
	if m.byFirst == nil {
		// Sized for every selection set of the document at once: a map
		// grown one set at a time costs more in rehashing than in use.
		m.byFirst = make(map[*ast.Selection]*flatSet, countSets(w.Document)+1)
		m.flats = map[flatKey]*flatSet{}
	}
}

func (m *merger) emit(found []conflict) {
	for _, c := range found {
		m.report(
			core.Message("%s", `Fields "`+c.response+`" conflict because `+c.reason+
				`. Use different aliases on the fields to fetch both if this was intentional.`),
			core.At(c.at),
		)
	}
}

// withinGroup reports the conflicts between every two fields of one
// selection set that share a response name, in gqlparser's order: for each
// field, with each later one.
func (m *merger) withinGroup(group []*ast.Field) {
	if len(group) < 2 || sameLeaves(group) {
		return
	}
	ids, pure := m.shapesOf(group)
	if !pure && m.spreadsOnly(group) {
		m.withinSpreadsOnly(group)
		return
	}
	if !pure && m.quietMixedGroup(group) {
		return
	}
	if !pure {
		for i, a := range group {
			for _, b := range group[i+1:] {
				if v := m.compareFields(false, a, b); v.conflict {
					m.emit([]conflict{{response: responseName(a), reason: v.reason, at: b.Position}})
				}
			}
		}
		return
	}
	distinct := distinctShapes(ids)
	if m.groupClean(distinct) {
		return
	}
	// quiet records, per shape, whether it conflicts with none of the
	// group's shapes, so that its fields skip the scan of later fields.
	quiet := make(map[int32]bool, len(distinct))
	for i, a := range ids {
		q, known := quiet[a]
		if !known {
			q = true
			for _, b := range distinct {
				if m.compareShapes(false, a, b).conflict {
					q = false
					break
				}
			}
			quiet[a] = q
		}
		if q {
			continue
		}
		for j := i + 1; j < len(ids); j++ {
			if v := m.compareShapes(false, a, ids[j]); v.conflict {
				m.emit([]conflict{{response: m.shapes[a].response, reason: v.reason, at: group[j].Position}})
			}
		}
	}
}

// spreadsOnly reports whether no field of group has a field of its own in
// its selection set: they select named fragments or nothing, as in
// { a { ...F } a { ...F } … }.
func (m *merger) spreadsOnly(group []*ast.Field) bool {
	for _, f := range group {
		if len(m.flatten(f.SelectionSet).names) > 0 {
			return false
		}
	}
	return true
}

// withinSpreadsOnly is withinGroup for a group of fields whose selection
// sets hold only fragment spreads, in time linear in the group when its
// fields fall into few classes (same parent, name, arguments, type and
// spread fragments).
//
// Comparing two such fields either fails on the fields themselves (name,
// arguments, type), which involves no memo and reports the same for every
// pair of their classes, or compares what they spread. Then their own
// sets of fields are empty, so comparing them with a fragment reports
// nothing, whatever the memo holds; and the fragment pairs are memoised by
// name, so once one pair of fields of two classes has been compared, every
// later pair of those classes finds all its fragment pairs done and reports
// nothing. Only the first pair of each two classes, in gqlparser's order,
// is therefore compared; pairs that fail on the fields are all reported.
func (m *merger) withinSpreadsOnly(group []*ast.Field) {
	classOf := make([]int, len(group))
	var members [][]int // per class, positions in group, ascending
	ids := map[string]int{}
	for i, f := range group {
		key := m.spreadClassKey(f)
		c, ok := ids[key]
		if !ok {
			c = len(members)
			ids[key] = c
			members = append(members, nil)
		}
		classOf[i] = c
		members[c] = append(members[c], i)
	}
	// next[d] indexes the first member of class d after the current field.
	next := make([]int, len(members))
	compared := map[[2]int]bool{}
	var candidates []int
	for i, a := range group {
		ci := classOf[i]
		next[ci]++
		candidates = candidates[:0]
		for d, list := range members {
			if next[d] >= len(list) {
				continue
			}
			switch m.headOutcome(a, group[list[0]]) {
			case headFails:
				candidates = append(candidates, list[next[d]:]...)
			case headPasses:
				if !compared[[2]int{ci, d}] {
					candidates = append(candidates, list[next[d]])
				}
			}
		}
		slices.Sort(candidates)
		for _, j := range candidates {
			b := group[j]
			if m.headOutcome(a, b) == headPasses {
				compared[[2]int{ci, classOf[j]}] = true
			}
			if v := m.compareFields(false, a, b); v.conflict {
				m.emit([]conflict{{response: responseName(a), reason: v.reason, at: b.Position}})
			}
		}
	}
}

// quietMixedGroup reports whether comparing every two fields of group, as
// withinGroup would, reports nothing and records nothing, so that the pairs
// need not be enumerated. It holds for a field repeated with fields and
// fragment spreads in its selection set, { a { n ...F } a { n ...F } … },
// once each field's own set has been checked (its OnField event, which
// comes first):
//
//   - the fields agree on parent, name, arguments and type, so comparing
//     two of them always goes on to their selection sets;
//   - the fields of their sets are pure, and the shapes sharing a response
//     name across the whole group pass groupClean: no two of those fields,
//     from any two sets, conflict;
//   - every (set, fragment) pair a comparison would start from, the set of
//     one field with a fragment the other spreads, is in the memo as
//     compared without mutual exclusivity, and so is every pair of two
//     different fragments spread: each one is skipped on the spot.
//
// A comparison of two fields then finds no conflict and, reaching only
// memoised pairs, changes no memo, so leaving it out changes neither this
// group's errors nor any reported later. When any condition fails, the
// pairs are compared one by one.
func (m *merger) quietMixedGroup(group []*ast.Field) bool {
	const maxSpreadNames = 8 // past it, the memo checks cost more than they save
	first := group[0]
	if first.ObjectDefinition == nil {
		return false
	}
	firstArgs := m.note(first).args
	var firstType string
	if first.Definition != nil {
		firstType = m.typeString(first.Definition.Type)
	}
	var spreadNames []string
	kids := map[string][]int32{}
	var kidNames []string
	flats := make([]*flatSet, len(group))
	for i, f := range group {
		if f.ObjectDefinition != first.ObjectDefinition || f.Name != first.Name ||
			(f.Definition == nil) != (first.Definition == nil) ||
			!sameArgs(m.note(f).args, firstArgs) {
			return false
		}
		if f.Definition != nil && m.typeString(f.Definition.Type) != firstType {
			return false
		}
		flat := m.flatten(f.SelectionSet)
		flats[i] = flat
		for _, s := range flat.spreads {
			if !slices.Contains(spreadNames, s.Name) {
				if len(spreadNames) == maxSpreadNames {
					return false
				}
				spreadNames = append(spreadNames, s.Name)
			}
		}
		flat.expand()
		for _, kid := range flat.fields {
			id := m.note(kid).shape
			if id == noShape {
				return false
			}
			name := responseName(kid)
			if _, seen := kids[name]; !seen {
				kidNames = append(kidNames, name)
			}
			kids[name] = append(kids[name], id)
		}
	}
	for _, flat := range flats {
		for _, name := range spreadNames {
			if memo, found := m.setFrag[setFragKey{set: flat, fragment: name}]; !found || memo {
				return false
			}
		}
	}
	for _, a := range spreadNames {
		for _, b := range spreadNames {
			if a == b {
				continue
			}
			if memo, found := m.fragFrag[[2]string{a, b}]; !found || memo {
				return false
			}
		}
	}
	for _, name := range kidNames {
		if !m.groupClean(distinctShapes(kids[name])) {
			return false
		}
	}
	return true
}

// spreadClassKey is the class of a field for withinSpreadsOnly.
func (m *merger) spreadClassKey(f *ast.Field) string {
	var key []byte
	key = fmt.Appendf(key, "%p", f.ObjectDefinition)
	key = appendString(key, f.Name)
	for _, a := range m.note(f).args {
		key = appendString(key, a.name)
		key = appendString(key, a.value)
	}
	if f.Definition != nil {
		key = appendString(key, f.Definition.Type.String())
	} else {
		key = append(key, '-')
	}
	for _, s := range m.flatten(f.SelectionSet).spreads {
		key = appendString(key, s.Name)
	}
	return string(key)
}

type headResult int

const (
	headSkips  headResult = iota // a parent type is unknown: nothing to compare
	headFails                    // the fields themselves conflict
	headPasses                   // their selections must be compared
)

// headOutcome is what comparing a and b (not already mutually exclusive)
// decides before looking at their selections.
func (m *merger) headOutcome(a, b *ast.Field) headResult {
	if a.ObjectDefinition == nil || b.ObjectDefinition == nil {
		return headSkips
	}
	exclusive := disjointParents(a.ObjectDefinition, b.ObjectDefinition, a.Definition != nil && b.Definition != nil)
	var typeA, typeB *ast.Type
	if a.Definition != nil && b.Definition != nil {
		typeA, typeB = a.Definition.Type, b.Definition.Type
	}
	if _, done := m.compareHead(exclusive, a.Name, b.Name, m.note(a).args, m.note(b).args, typeA, typeB); done {
		return headFails
	}
	return headPasses
}

// shapesOf returns the shape of each field, and whether all of them have
// one.
func (m *merger) shapesOf(fields []*ast.Field) ([]int32, bool) {
	ids := make([]int32, len(fields))
	for i, f := range fields {
		ids[i] = m.note(f).shape
		if ids[i] == noShape {
			return nil, false
		}
	}
	return ids, true
}

// distinctShapes returns ids without repeats, in order of first appearance.
func distinctShapes(ids []int32) []int32 {
	var out []int32
	seen := make(map[int32]struct{})
	for _, id := range ids {
		if _, dup := seen[id]; !dup {
			seen[id] = struct{}{}
			out = append(out, id)
		}
	}
	return out
}

// between appends the conflicts between the fields of a and those of b
// that share a response name, for each name of a in order.
func (m *merger) between(out []conflict, exclusive bool, a, b *flatSet) []conflict {
	var leavesA, leavesB []*ast.Field
	for i, name := range a.names {
		j := b.lookup(name)
		if j < 0 {
			continue
		}
		if leavesA == nil {
			leavesA, leavesB = m.leavesOf(a), m.leavesOf(b)
		}
		if la, lb := leavesA[i], leavesB[j]; la != nil && lb != nil && sameLeaves([]*ast.Field{la, lb}) {
			continue
		}
		out = m.crossGroups(out, exclusive, a.group(i), b.group(j))
	}
	return out
}

// crossGroups appends the conflicts of each field of ga with each of gb.
func (m *merger) crossGroups(out []conflict, exclusive bool, ga, gb []*ast.Field) []conflict {
	if sameLeaves(ga) && sameLeaves(gb) && sameLeaves([]*ast.Field{ga[0], gb[0]}) {
		return out
	}
	idsA, pureA := m.shapesOf(ga)
	idsB, pureB := m.shapesOf(gb)
	if pureA && pureB {
		if m.groupClean(distinctShapes(append(idsA[:len(idsA):len(idsA)], idsB...))) {
			return out
		}
		for _, a := range idsA {
			for j, b := range idsB {
				if v := m.compareShapes(exclusive, a, b); v.conflict {
					out = append(out, conflict{response: m.shapes[a].response, reason: v.reason, at: gb[j].Position})
				}
			}
		}
		return out
	}
	for _, a := range ga {
		for _, b := range gb {
			if v := m.compareFields(exclusive, a, b); v.conflict {
				out = append(out, conflict{response: responseName(a), reason: v.reason, at: b.Position})
			}
		}
	}
	return out
}

// setVsFragment appends the conflicts between the fields of set and those
// of the fragment spread, and of every fragment that one spreads.
func (m *merger) setVsFragment(out []conflict, exclusive bool, set *flatSet, spread *ast.FragmentSpread) []conflict {
	key := setFragKey{set: set, fragment: spread.Name}
	if memo, found := m.setFrag[key]; seenPair(memo, found, exclusive) {
		return out
	}
	m.setFrag[key] = exclusive
	if spread.Definition == nil {
		return out
	}
	frag := m.flatten(spread.Definition.SelectionSet)
	if frag == set {
		return out
	}
	out = m.between(out, exclusive, set, frag)
	for _, inner := range frag.spreads {
		out = m.setVsFragment(out, exclusive, set, inner)
	}
	return out
}

// fragmentVsFragment appends the conflicts between the fields of two
// spread fragments, and between each and the fragments the other spreads.
func (m *merger) fragmentVsFragment(out []conflict, exclusive bool, a, b *ast.FragmentSpread) []conflict {
	if a.Name == b.Name {
		return out
	}
	if memo, found := m.fragFrag[[2]string{a.Name, b.Name}]; seenPair(memo, found, exclusive) {
		return out
	}
	m.fragFrag[[2]string{a.Name, b.Name}] = exclusive
	m.fragFrag[[2]string{b.Name, a.Name}] = exclusive
	if a.Definition == nil || b.Definition == nil {
		return out
	}
	fa := m.flatten(a.Definition.SelectionSet)
	fb := m.flatten(b.Definition.SelectionSet)
	out = m.between(out, exclusive, fa, fb)
	for _, inner := range fb.spreads {
		out = m.fragmentVsFragment(out, exclusive, a, inner)
	}
	for _, inner := range fa.spreads {
		out = m.fragmentVsFragment(out, exclusive, inner, b)
	}
	return out
}

// compareFields compares two fields that share a response name.
func (m *merger) compareFields(exclusive bool, a, b *ast.Field) verdict {
	na, nb := m.note(a), m.note(b)
	if na.shape != noShape && nb.shape != noShape {
		return m.compareShapes(exclusive, na.shape, nb.shape)
	}
	if a.ObjectDefinition == nil || b.ObjectDefinition == nil {
		return verdict{}
	}
	exclusive = exclusive || disjointParents(
		a.ObjectDefinition, b.ObjectDefinition, a.Definition != nil && b.Definition != nil)
	var typeA, typeB *ast.Type
	if a.Definition != nil && b.Definition != nil {
		typeA, typeB = a.Definition.Type, b.Definition.Type
	}
	if v, done := m.compareHead(exclusive, a.Name, b.Name, na.args, nb.args, typeA, typeB); done {
		return v
	}
	return m.subVerdict(m.subSelections(exclusive, a.SelectionSet, b.SelectionSet))
}

// disjointParents reports whether fields of parents a and b can never both
// be in one response: their parents are different object types.
func disjointParents(a, b *ast.Definition, bothKnown bool) bool {
	return a.Name != b.Name && a.Kind == ast.Object && b.Kind == ast.Object && bothKnown
}

// compareHead compares what two fields say of themselves: name and
// arguments (unless they are mutually exclusive) and type (when both are
// known). done is set when that decides a conflict.
func (m *merger) compareHead(exclusive bool, nameA, nameB string, argsA, argsB []argKey, typeA, typeB *ast.Type) (verdict, bool) {
	if !exclusive {
		if nameA != nameB {
			return verdict{conflict: true, reason: `"` + nameA + `" and "` + nameB + `" are different fields`}, true
		}
		if !sameArgs(argsA, argsB) {
			return verdict{conflict: true, reason: "they have differing arguments"}, true
		}
	}
	if typeA != nil && typeB != nil && m.typesConflict(typeA, typeB) {
		return verdict{conflict: true, reason: `they return conflicting types "` + typeA.String() + `" and "` + typeB.String() + `"`}, true
	}
	return verdict{}, false
}

// subVerdict turns the conflicts found under two fields into their verdict.
func (m *merger) subVerdict(found []conflict) verdict {
	if len(found) == 0 {
		return verdict{}
	}
	var b strings.Builder
	for i, c := range found {
		if i > 0 {
			b.WriteString(" and ")
		}
		b.WriteString(`subfields "`)
		b.WriteString(c.response)
		b.WriteString(`" conflict because `)
		b.WriteString(c.reason)
	}
	return verdict{conflict: true, reason: b.String()}
}

// subSelections returns the conflicts between the selection sets of two
// fields: their fields, each set with the fragments the other spreads, and
// those fragments with each other.
func (m *merger) subSelections(exclusive bool, setA, setB ast.SelectionSet) []conflict {
	a, b := m.flatten(setA), m.flatten(setB)
	out := m.between(nil, exclusive, a, b)
	for _, spread := range b.spreads {
		out = m.setVsFragment(out, exclusive, a, spread)
	}
	for _, spread := range a.spreads {
		out = m.setVsFragment(out, exclusive, b, spread)
	}
	for _, sa := range a.spreads {
		for _, sb := range b.spreads {
			out = m.fragmentVsFragment(out, exclusive, sa, sb)
		}
	}
	return out
}

// compareShapes compares two fields by their shapes, once per pair.
func (m *merger) compareShapes(exclusive bool, a, b int32) verdict {
	key := shapePair{a: a, b: b, exclusive: exclusive}
	if v, ok := m.verdicts[key]; ok {
		return v
	}
	v := m.judgeShapes(exclusive, m.shapes[a], m.shapes[b])
	m.verdicts[key] = v
	return v
}

func (m *merger) judgeShapes(exclusive bool, a, b *shape) verdict {
	if !a.hasParent || !b.hasParent {
		return verdict{}
	}
	bothKnown := a.typ != nil && b.typ != nil
	exclusive = exclusive || (a.parent != b.parent && a.parentIsObject && b.parentIsObject && bothKnown)
	var typeA, typeB *ast.Type
	if bothKnown {
		typeA, typeB = a.typ, b.typ
	}
	if v, done := m.compareHead(exclusive, a.name, b.name, a.args, b.args, typeA, typeB); done {
		return v
	}
	var found []conflict
	for _, name := range a.kidNames {
		kidsB, ok := b.kidGroups[name]
		if !ok {
			continue
		}
		kidsA := a.kidGroups[name]
		if m.groupClean(distinctShapes(append(kidsA[:len(kidsA):len(kidsA)], kidsB...))) {
			continue
		}
		for _, ka := range kidsA {
			for _, kb := range kidsB {
				if v := m.compareShapes(exclusive, ka, kb); v.conflict {
					found = append(found, conflict{response: m.shapes[ka].response, reason: v.reason})
				}
			}
		}
	}
	return m.subVerdict(found)
}

// groupClean reports whether no two of the given shapes (each also with
// itself) can conflict, by a check that is linear in their size: one name,
// one argument list and one type among those with a known parent, and the
// same check passing for the subfields of each response name. When it says
// false, some pair may still be fine; the caller compares pairs.
//
// It is sound because a pair that agrees on name, arguments and type can
// only conflict through two of its subfields that share a response name,
// and every such pair is among the shapes checked one level down.
// Comparing under mutual exclusivity only drops checks, so the answer holds
// for both.
func (m *merger) groupClean(ids []int32) bool {
	var live []*shape
	var liveIDs []int32
	for _, id := range ids {
		if s := m.shapes[id]; s.hasParent {
			live = append(live, s)
			liveIDs = append(liveIDs, id)
		}
	}
	if len(live) == 0 {
		return true
	}
	if len(live) == 1 {
		return m.selfClean(liveIDs[0])
	}
	first := live[0]
	typ := ""
	for _, s := range live {
		if s.name != first.name || s.argsKey != first.argsKey {
			return false
		}
		if s.typ != nil {
			t := s.typ.String()
			if typ == "" {
				typ = t
			} else if t != typ {
				return false
			}
		}
	}
	var names []string
	merged := map[string][]int32{}
	for _, s := range live {
		for _, name := range s.kidNames {
			if _, ok := merged[name]; !ok {
				names = append(names, name)
			}
			merged[name] = append(merged[name], s.kidGroups[name]...)
		}
	}
	for _, name := range names {
		if !m.groupClean(distinctShapes(merged[name])) {
			return false
		}
	}
	return true
}

// selfClean is groupClean of one shape, remembered.
func (m *merger) selfClean(id int32) bool {
	if c, ok := m.clean[id]; ok {
		return c
	}
	s := m.shapes[id]
	c := true
	for _, name := range s.kidNames {
		if !m.groupClean(distinctShapes(s.kidGroups[name])) {
			c = false
			break
		}
	}
	m.clean[id] = c
	return c
}

// typesConflict reports whether two field types cannot describe one value:
// their list and non-null wrappers differ, or at the core one is a leaf
// type and the other a different type. Two composite cores are left to the
// comparison of subfields.
func (m *merger) typesConflict(a, b *ast.Type) bool {
	for {
		if a.NonNull != b.NonNull || (a.Elem == nil) != (b.Elem == nil) {
			return true
		}
		if a.Elem == nil {
			break
		}
		a, b = a.Elem, b.Elem
	}
	defA, defB := m.schema.Types[a.NamedType], m.schema.Types[b.NamedType]
	if defA.IsLeafType() || defB.IsLeafType() {
		return defA.Name != defB.Name
	}
	return false
}

// sameArgs reports whether b has, for each argument of a, one with the same
// name and value, and as many arguments in all: gqlparser's test, which
// ignores order.
func sameArgs(a, b []argKey) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			if x == y {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func responseName(f *ast.Field) string {
	if f.Alias != "" {
		return f.Alias
	}
	return f.Name
}

// newFlatSet returns a zero flatSet, from a run of them: a document of
// tens of thousands of selection sets needs as many.
func (m *merger) newFlatSet() *flatSet {
	if len(m.flatRun) == 0 {
		m.flatRunLen = min(max(2*m.flatRunLen, 8), 1024)
		m.flatRun = make([]flatSet, m.flatRunLen)
	}
	flat := &m.flatRun[0]
	m.flatRun = m.flatRun[1:]
	return flat
}

// countSets counts the selection sets written in doc.
func countSets(doc *ast.QueryDocument) int {
	if doc == nil {
		return 0
	}
	var count func(set ast.SelectionSet) int
	count = func(set ast.SelectionSet) int {
		n := 1
		for _, sel := range set {
			switch sel := sel.(type) {
			case *ast.Field:
				if len(sel.SelectionSet) > 0 {
					n += count(sel.SelectionSet)
				}
			case *ast.InlineFragment:
				n += count(sel.SelectionSet)
			}
		}
		return n
	}
	n := 0
	for _, op := range doc.Operations {
		n += count(op.SelectionSet)
	}
	for _, f := range doc.Fragments {
		n += count(f.SelectionSet)
	}
	return n
}

// flatten returns the flattened form of set, the same one each time. An
// inline fragment's names and spreads are taken from its own flattened
// set, so each level costs what its own selections and names cost.
func (m *merger) flatten(set ast.SelectionSet) *flatSet {
	key := flatKey{n: len(set)}
	if key.n > 0 {
		key.first = unsafe.SliceData(set)
	}
	// Sets are looked up by their first selection alone, which is one set
	// in any document a parser built; flats holds the sets that share a
	// first selection with another one of a different length.
	first, ok := m.byFirst[key.first]
	if ok && len(first.set) == key.n {
		return first
	}
	if flat, found := m.flats[key]; found {
		return flat
	}
	flat := m.newFlatSet()
	flat.set = set
	flat.names = flat.nameBuf[:0]
	flat.inner = flat.innerBuf[:0]
	for _, sel := range set {
		switch sel := sel.(type) {
		case *ast.Field:
			flat.addName(responseName(sel))
		case *ast.InlineFragment:
			inner := m.flatten(sel.SelectionSet)
			flat.inner = append(flat.inner, inner)
			flat.spreads = append(flat.spreads, inner.spreads...)
			for _, name := range inner.names {
				flat.addName(name)
			}
		case *ast.FragmentSpread:
			flat.spreads = append(flat.spreads, sel)
		}
	}
	if ok {
		m.flats[key] = flat
	} else {
		m.byFirst[key.first] = flat
	}
	return flat
}

// sameLeaves reports whether the fields are one leaf selection repeated:
// same name, no arguments, no subselection, the same parent type and
// definition. No two such fields can conflict, and a query that repeats a
// field many times is checked by this alone, without shapes.
func sameLeaves(fields []*ast.Field) bool {
	first := fields[0]
	for _, f := range fields {
		if f.Name != first.Name || len(f.Arguments) != 0 || len(f.SelectionSet) != 0 ||
			f.ObjectDefinition != first.ObjectDefinition || !sameDefinition(f.Definition, first.Definition) {
			return false
		}
	}
	return true
}

// sameDefinition reports whether two field definitions have one type. The
// walker gives each __typename a definition of its own, so pointers alone
// would miss a repeated __typename.
func sameDefinition(a, b *ast.FieldDefinition) bool {
	return a == b || (a != nil && b != nil && a.Type.String() == b.Type.String())
}

// note returns what the rule knows of f, working it out on first use.
//
// gqlparser's rule reads the walker's annotations (a field's parent type
// and definition) as they are when it runs, and a field reached through a
// fragment that is still being walked, as in a fragment cycle, has none
// yet. A note is therefore kept only once every field in its subtree has
// its parent type; until then it is worked out afresh each time, so that it
// always says what gqlparser would read.
func (m *merger) note(f *ast.Field) *fieldNote {
	if n, ok := m.notes[f]; ok {
		return n
	}
	n := &fieldNote{shape: noShape, args: make([]argKey, len(f.Arguments))}
	for i, arg := range f.Arguments {
		n.args[i] = argKey{name: arg.Name, value: encodeValue(nil, arg.Value)}
	}
	flat := m.flatten(f.SelectionSet)
	pure := len(flat.spreads) == 0
	settled := f.ObjectDefinition != nil
	flat.expand()
	kids := make([]int32, len(flat.fields))
	for i, kid := range flat.fields {
		kn := m.note(kid)
		kids[i] = kn.shape
		pure = pure && kn.shape != noShape
		settled = settled && kn.settled
	}
	if pure {
		n.shape = m.intern(f, n.args, kids)
	}
	n.settled = settled
	if settled {
		m.notes[f] = n
	}
	return n
}

// intern returns the id of the shape of f, a pure field with the given
// arguments and subfield shapes.
func (m *merger) intern(f *ast.Field, args []argKey, kids []int32) int32 {
	key := m.keyBuf[:0]
	defer func() { m.keyBuf = key[:0] }()
	key = appendString(key, responseName(f))
	key = appendString(key, f.Name)
	if f.ObjectDefinition != nil {
		key = append(key, 'p', byte(len(f.ObjectDefinition.Kind)))
		key = appendString(key, string(f.ObjectDefinition.Kind))
		key = appendString(key, f.ObjectDefinition.Name)
	} else {
		key = append(key, '-')
	}
	if f.Definition != nil {
		key = append(key, 't')
		key = appendString(key, m.typeString(f.Definition.Type))
	} else {
		key = append(key, '-')
	}
	argsStart := len(key)
	key = appendUint(key, uint64(len(args)))
	for _, a := range args {
		key = appendString(key, a.name)
		key = appendString(key, a.value)
	}
	argsEnd := len(key)
	key = appendUint(key, uint64(len(kids)))
	for _, k := range kids {
		key = appendUint(key, uint64(k))
	}
	if id, ok := m.ids[string(key)]; ok {
		return id
	}
	s := &shape{
		response:  responseName(f),
		name:      f.Name,
		hasParent: f.ObjectDefinition != nil,
		args:      args,
		argsKey:   string(key[argsStart:argsEnd]),
		kids:      kids,
		kidGroups: map[string][]int32{},
	}
	if f.ObjectDefinition != nil {
		s.parent = f.ObjectDefinition.Name
		s.parentIsObject = f.ObjectDefinition.Kind == ast.Object
	}
	if f.Definition != nil {
		s.typ = f.Definition.Type
	}
	for _, k := range kids {
		name := m.shapes[k].response
		group, ok := s.kidGroups[name]
		if !ok {
			s.kidNames = append(s.kidNames, name)
		}
		s.kidGroups[name] = append(group, k)
	}
	id := int32(len(m.shapes))
	m.shapes = append(m.shapes, s)
	m.ids[string(key)] = id
	return id
}

// typeString is t.String(), worked out once per type.
func (m *merger) typeString(t *ast.Type) string {
	if str, ok := m.typeStrings[t]; ok {
		return str
	}
	if m.typeStrings == nil {
		m.typeStrings = map[*ast.Type]string{}
	}
	str := t.String()
	m.typeStrings[t] = str
	return str
}

// encodeValue appends v to b in a form where two values are equal exactly
// when gqlparser's comparison finds them the same: same kind, same raw
// text, same children, an object's fields taken in name order.
func encodeValue(b []byte, v *ast.Value) string {
	return string(appendValue(b, v))
}

func appendValue(b []byte, v *ast.Value) []byte {
	if v == nil {
		return append(b, 0xff)
	}
	b = appendUint(b, uint64(v.Kind))
	b = appendString(b, v.Raw)
	b = appendUint(b, uint64(len(v.Children)))
	children := v.Children
	if v.Kind == ast.ObjectValue && len(children) > 1 {
		children = sortedByName(children)
	}
	for _, c := range children {
		b = appendString(b, c.Name)
		b = appendValue(b, c.Value)
	}
	return b
}

// sortedByName returns a copy of children in name order, equal names kept
// in the order written.
func sortedByName(children ast.ChildValueList) ast.ChildValueList {
	out := slices.Clone(children)
	slices.SortStableFunc(out, func(a, b *ast.ChildValue) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func appendString(b []byte, s string) []byte {
	b = appendUint(b, uint64(len(s)))
	return append(b, s...)
}

func appendUint(b []byte, n uint64) []byte {
	for n >= 0x80 {
		b = append(b, byte(n)|0x80)
		n >>= 7
	}
	return append(b, byte(n))
}
