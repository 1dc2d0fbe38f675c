package graphql

import (
	"context"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
)

// FieldSet is one object of the response while it is being built: the
// object's collected fields and, index for index, the Marshaler each of them
// resolved to. Generated code stores the results of cheap fields in Values
// itself and schedules the others (resolvers that may block) to run
// concurrently when Dispatch is called; MarshalGQL then writes the object.
//
// A FieldSet and its Values array (and the scalar slots of
// NewFieldSetWithScalars) come from a single allocation for objects of up to
// 32 fields.
type FieldSet struct {
	// Values holds each field's result at the index of the field. A field
	// scheduled to run concurrently has no value until Dispatch returns.
	Values []Marshaler
	// Invalids counts the fields whose result makes the whole object null:
	// Null in a field the schema declares non-null, or RequiredNull in one
	// made non-null at run time. Results of scheduled fields are counted
	// atomically while Dispatch runs.
	Invalids uint32

	// callerCounts is set when a task was scheduled with Concurrently,
	// whose caller counts its invalid results itself (the contract of code
	// generated before ResolveConcurrently existed).
	callerCounts bool

	fields []CollectedField
	// slots hold scalar values stored by the Set methods; see
	// NewFieldSetWithScalars.
	slots []scalarSlot
	// sched holds what only some objects need: fields to resolve
	// concurrently, and views for @defer.
	sched *fieldSetSchedule
}

// fieldSetSchedule is the part of a FieldSet that objects without resolvers
// do not need, allocated on first use. Up to two tasks fit in it.
type fieldSetSchedule struct {
	tasks  []fieldTask
	views  *viewRegistry
	inline [2]fieldTask
}

// fieldTask is a field result to compute when the set is dispatched.
type fieldTask struct {
	index   int
	resolve func(context.Context) Marshaler
	// invalid is the result that makes the enclosing object null. It is nil
	// for a task whose caller does the counting.
	invalid Marshaler
	// oc reports recovered panics when recover is set, and supplies the
	// root field middleware for a task with a rootCtx.
	oc      *OperationContext
	recover bool
	// rootCtx, when set, is the context of a root field: the task runs
	// through oc.RootResolverMiddleware under it.
	rootCtx context.Context
}

// NewFieldSet returns an empty FieldSet for fields, usually the result of
// CollectFields for the object being written.
func NewFieldSet(fields []CollectedField) *FieldSet {
	var m *FieldSet
	if n := len(fields); n < len(valueBlocks) {
		m, _ = valueBlocks[n](n)
	} else {
		m = &FieldSet{Values: make([]Marshaler, n)}
	}
	m.fields = fields
	return m
}

// NewFieldSetWithScalars is NewFieldSet plus room for one scalar value per
// field, in the same allocation, so that SetString, SetInt, SetUint,
// SetFloat and SetBoolean store a field's value without allocating. It is
// meant for generated code that writes plain struct fields directly.
func NewFieldSetWithScalars(fields []CollectedField) *FieldSet {
	var m *FieldSet
	if n := len(fields); n < len(scalarBlocks) {
		m, _ = scalarBlocks[n](n)
	} else {
		m = &FieldSet{Values: make([]Marshaler, n), slots: make([]scalarSlot, n)}
	}
	m.fields = fields
	return m
}

// LazyField describes a field whose FieldContext is to be built lazily, as
// the arguments of WithLazyFieldContext do.
type LazyField struct {
	// Info is the static part of the FieldContext.
	Info *FieldInfo
	// EC is handed to Info.Child.
	EC any
	// Field is the field, which must not change while the context is in use
	// (a pointer into a CollectFields result does not).
	Field *CollectedField
	// Result is the FieldContext's Result: the object.
	Result any
}

// NewFieldSetUnder is NewFieldSetWithScalars for an object that is the value
// of a field resolved without a FieldContext (see WithLazyFieldContext). It
// returns the object's FieldSet for fields and the context to resolve them
// under, which is WithLazyFieldContext(ctx, lf.Info, lf.EC, lf.Field,
// lf.Result); the two share one allocation.
func NewFieldSetUnder(ctx context.Context, lf LazyField, fields []CollectedField) (*FieldSet, context.Context) {
	var m *FieldSet
	var node *lazyField
	if n := len(fields); n < len(lazyBlocks) {
		m, node = lazyBlocks[n](n)
	} else {
		m = &FieldSet{Values: make([]Marshaler, n), slots: make([]scalarSlot, n)}
		node = new(lazyField)
	}
	m.fields = fields
	node.parent, node.info, node.ec, node.field, node.result = ctx, lf.Info, lf.EC, lf.Field, lf.Result
	return m, node
}

// A FieldSet and the backing arrays of its slices come from one allocation
// of a block: H is what else shares the allocation (nothing, or the lazy
// context of NewFieldSetUnder), S and V arrays of scalarSlot (possibly of
// length 0) and Marshaler. The tables hold a constructor per field count:
// exact sizes for small objects, a few steps above. Values keeps the array's
// spare capacity, so AddField does not reallocate until it is full.
type block[H, S, V any] struct {
	head   H
	set    FieldSet
	slots  S
	values V
}

// arrayOf returns the elements of *arr, an array of T, with length n.
func arrayOf[T, A any](arr *A, n int) []T {
	var t T
	size := unsafe.Sizeof(*arr) / unsafe.Sizeof(t)
	if size == 0 {
		// A zero-length array at the end of a block has no address of its
		// own to slice.
		return []T{}
	}
	return unsafe.Slice((*T)(unsafe.Pointer(arr)), size)[:n]
}

func newBlock[H, S, V any](n int) (*FieldSet, *H) {
	b := new(block[H, S, V])
	b.set.Values = arrayOf[Marshaler](&b.values, n)
	if unsafe.Sizeof(b.slots) > 0 {
		b.set.slots = arrayOf[scalarSlot](&b.slots, n)
	}
	return &b.set, &b.head
}

type blockTable[H any] [33]func(n int) (*FieldSet, *H)

var (
	valueBlocks  = newBlockTable[struct{}](false)
	scalarBlocks = newBlockTable[struct{}](true)
	lazyBlocks   = newBlockTable[lazyField](true)
)

func newBlockTable[H any](slots bool) (t blockTable[H]) {
	type (
		m  = Marshaler
		ss = scalarSlot
	)
	type size struct {
		max         int
		plain, full func(int) (*FieldSet, *H)
	}
	sizes := []size{
		{0, newBlock[H, [0]ss, [0]m], newBlock[H, [0]ss, [0]m]},
		{1, newBlock[H, [0]ss, [1]m], newBlock[H, [1]ss, [1]m]},
		{2, newBlock[H, [0]ss, [2]m], newBlock[H, [2]ss, [2]m]},
		{3, newBlock[H, [0]ss, [3]m], newBlock[H, [3]ss, [3]m]},
		{4, newBlock[H, [0]ss, [4]m], newBlock[H, [4]ss, [4]m]},
		{5, newBlock[H, [0]ss, [5]m], newBlock[H, [5]ss, [5]m]},
		{6, newBlock[H, [0]ss, [6]m], newBlock[H, [6]ss, [6]m]},
		{7, newBlock[H, [0]ss, [7]m], newBlock[H, [7]ss, [7]m]},
		{8, newBlock[H, [0]ss, [8]m], newBlock[H, [8]ss, [8]m]},
		{10, newBlock[H, [0]ss, [10]m], newBlock[H, [10]ss, [10]m]},
		{12, newBlock[H, [0]ss, [12]m], newBlock[H, [12]ss, [12]m]},
		{16, newBlock[H, [0]ss, [16]m], newBlock[H, [16]ss, [16]m]},
		{20, newBlock[H, [0]ss, [20]m], newBlock[H, [20]ss, [20]m]},
		{24, newBlock[H, [0]ss, [24]m], newBlock[H, [24]ss, [24]m]},
		{32, newBlock[H, [0]ss, [32]m], newBlock[H, [32]ss, [32]m]},
	}
	k := 0
	for n := range t {
		for sizes[k].max < n {
			k++
		}
		t[n] = sizes[k].plain
		if slots {
			t[n] = sizes[k].full
		}
	}
	return t
}

// AddField appends field, with no value yet. Deferred groups build their
// field set this way, one deferred field at a time.
func (m *FieldSet) AddField(field CollectedField) {
	// Clip first: fields may be a memoised CollectFields result whose
	// spare capacity is not this set's to write.
	m.fields = append(slices.Clip(m.fields), field)
	m.Values = append(m.Values, nil)
}

// Concurrently schedules f to compute the value of field i when the set is
// dispatched. The result is stored as is: the caller counts invalid results
// itself, and a panic in f is not recovered. Generated code now uses
// ResolveConcurrently, which does both.
func (m *FieldSet) Concurrently(i int, f func(context.Context) Marshaler) {
	m.callerCounts = true
	m.schedule(fieldTask{index: i, resolve: f})
}

func (m *FieldSet) schedule(t fieldTask) {
	sc := m.scheduling()
	sc.tasks = append(sc.tasks, t)
}

// scheduling returns m.sched, allocating it if need be.
func (m *FieldSet) scheduling() *fieldSetSchedule {
	if m.sched == nil {
		m.sched = new(fieldSetSchedule)
		m.sched.tasks = m.sched.inline[:0]
	}
	return m.sched
}

// Dispatch runs the scheduled fields and returns when all of them have
// stored their results. The first runs on the calling goroutine and each
// other on a goroutine of its own, so resolvers that wait on I/O overlap.
// Every task and view must have been added before Dispatch is called.
func (m *FieldSet) Dispatch(ctx context.Context) {
	// A nil set (the FieldSet of a DeferredGroup that deferred nothing) has
	// nothing to run.
	if m == nil || m.sched == nil {
		return
	}
	tasks := m.sched.tasks
	switch len(tasks) {
	case 0:
		return
	case 1:
		m.run(ctx, &tasks[0])
		return
	}
	if goroutineLimitsSet.Load() {
		b := budgetOf(ctx)
		if oc := tasks[0].oc; oc != nil {
			b = oc.goroutines
		}
		if b != nil {
			m.dispatchBounded(ctx, tasks, b)
			return
		}
	}
	var wg sync.WaitGroup
	wg.Add(len(tasks) - 1)
	for k := 1; k < len(tasks); k++ {
		go m.runAndSignal(ctx, &tasks[k], &wg)
	}
	m.run(ctx, &tasks[0])
	wg.Wait()
}

// dispatchBounded is Dispatch under a goroutine limit: a task gets a
// goroutine while b has a free slot, and otherwise runs on the calling
// goroutine.
func (m *FieldSet) dispatchBounded(ctx context.Context, tasks []fieldTask, b *goroutineBudget) {
	var wg sync.WaitGroup
	for k := 1; k < len(tasks); k++ {
		if !b.take() {
			m.run(ctx, &tasks[k])
			continue
		}
		wg.Add(1)
		go func(t *fieldTask) {
			defer b.give()
			m.runAndSignal(ctx, t, &wg)
		}(&tasks[k])
	}
	m.run(ctx, &tasks[0])
	wg.Wait()
}

func (m *FieldSet) runAndSignal(ctx context.Context, t *fieldTask, wg *sync.WaitGroup) {
	defer wg.Done()
	m.run(ctx, t)
}

// run computes one scheduled result, stores and counts it, and tells the
// views watching its field.
func (m *FieldSet) run(ctx context.Context, t *fieldTask) {
	var v Marshaler
	if t.rootCtx != nil && t.oc != nil && t.oc.HasRootFieldMiddleware() {
		v = t.oc.RootResolverMiddleware(t.rootCtx, t.guarded)
	} else if t.rootCtx != nil {
		v = t.guarded(t.rootCtx)
	} else {
		v = t.guarded(ctx)
	}
	m.Values[t.index] = v
	invalid := t.invalid != nil && v == t.invalid
	if invalid {
		atomic.AddUint32(&m.Invalids, 1)
	}
	if views := m.sched.views; views != nil {
		views.settled(ctx, t.index, invalid)
	}
}

// guarded calls the task's resolver, turning a panic into a field error and
// a Null result when the task recovers panics.
func (t *fieldTask) guarded(ctx context.Context) (res Marshaler) {
	if !t.recover {
		return t.resolve(ctx)
	}
	defer func() {
		if r := recover(); r != nil {
			res = FieldPanicResult(ctx, t.oc, r)
		}
	}()
	return t.resolve(ctx)
}

// MarshalGQL writes the object: each field's alias and value, in field
// order. When two fields share an alias only the first is written.
func (m *FieldSet) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 2+16*len(m.fields))
	endWrite(w, m.appendGQL(dst, nil), p)
}

func (m *FieldSet) appendGQL(dst []byte, ws *wireState) []byte {
	kind := aliasesOf(m.fields)
	ws.open()
	dst = append(dst, '{')
	n := 0
	for i := range m.fields {
		alias := m.fields[i].Alias
		if kind == aliasesUnknown && aliasIndex(m.fields[:i], alias) >= 0 {
			continue
		}
		if n > 0 {
			dst = append(dst, ',')
		}
		n++
		if kind == aliasesPlain {
			dst = append(append(append(dst, '"'), alias...), '"', ':')
		} else {
			dst = append(appendString(dst, alias, ws), ':')
		}
		dst = appendValue(dst, m.Values[i], ws)
	}
	ws.close()
	return append(dst, '}')
}

// viewRegistry holds the views of a field set (only deferred field sets
// have any) and guards the values they take out of it.
type viewRegistry struct {
	list []*FieldSetView
	take sync.Mutex
}

// settled tells each view holding field i that its result is in.
func (r *viewRegistry) settled(ctx context.Context, i int, invalid bool) {
	for _, v := range r.list {
		if !slices.Contains(v.indices, i) {
			continue
		}
		if invalid {
			v.invalid.Store(true)
		}
		if v.pending.Add(-1) == 0 && v.onComplete != nil {
			v.onComplete(ctx)
		}
	}
}

// FieldSetView is the part of a FieldSet that one @defer label delivers:
// the fields at the indices added to it. It learns when they have all
// resolved (SetOnComplete) and writes them as an object of their own.
type FieldSetView struct {
	set        *FieldSet
	indices    []int
	onComplete func(ctx context.Context)
	pending    atomic.Int32
	// invalid is set when a field of this view resolved to the result that
	// nulls its payload. It is kept per view, so one label's bad field does
	// not null another label's payload.
	invalid atomic.Bool
}

// NewView returns a view of no fields of m. Views must be created, and
// their indices added, before m is dispatched.
func (m *FieldSet) NewView() *FieldSetView {
	v := &FieldSetView{set: m}
	sc := m.scheduling()
	if sc.views == nil {
		sc.views = new(viewRegistry)
	}
	sc.views.list = append(sc.views.list, v)
	return v
}

// AddIndices adds the fields at indices of the underlying FieldSet to the
// view.
func (v *FieldSetView) AddIndices(indices ...int) {
	v.indices = append(v.indices, indices...)
	v.pending.Add(int32(len(indices)))
}

// SetOnComplete sets the function called, with the dispatch context, once
// every field of the view has resolved. It must not be called concurrently
// with the view's or its FieldSet's other methods.
func (v *FieldSetView) SetOnComplete(onComplete func(ctx context.Context)) {
	v.onComplete = onComplete
}

// payloadInvalid reports whether the view's payload must be null. A field
// scheduled with Concurrently is counted on the FieldSet only, so a set
// holding such a task falls back to the set-wide count.
func (v *FieldSetView) payloadInvalid() bool {
	return v.invalid.Load() || v.set.callerCounts && atomic.LoadUint32(&v.set.Invalids) > 0
}

// MarshalGQL writes the view's fields as an object. The values are taken
// out of the FieldSet as they are written, so a field shared by two views
// is delivered once, by whichever writes first. Call it only after the
// view's fields have all resolved.
func (v *FieldSetView) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 2+16*len(v.indices))
	endWrite(w, v.appendGQL(dst, nil), p)
}

func (v *FieldSetView) appendGQL(dst []byte, ws *wireState) []byte {
	taken := v.take()
	fields := v.set.fields
	ws.open()
	dst = append(dst, '{')
	n := 0
	for k, val := range taken {
		if val == nil {
			continue
		}
		alias := fields[v.indices[k]].Alias
		if v.written(taken[:k], alias) {
			continue
		}
		if n > 0 {
			dst = append(dst, ',')
		}
		n++
		dst = append(appendString(dst, alias, ws), ':')
		dst = appendValue(dst, val, ws)
	}
	ws.close()
	return append(dst, '}')
}

// take removes the view's values from the FieldSet and returns them in the
// order of the view's indices; a value already taken is nil.
func (v *FieldSetView) take() []Marshaler {
	out := make([]Marshaler, len(v.indices))
	values := v.set.Values
	lock := &v.set.sched.views.take
	lock.Lock()
	for k, i := range v.indices {
		if i >= 0 && i < len(values) {
			out[k], values[i] = values[i], nil
		}
	}
	lock.Unlock()
	return out
}

// written reports whether one of the values before it, with the same
// alias, has already been written.
func (v *FieldSetView) written(before []Marshaler, alias string) bool {
	for k, val := range before {
		if val != nil && v.set.fields[v.indices[k]].Alias == alias {
			return true
		}
	}
	return false
}
