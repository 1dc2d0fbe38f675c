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
// A FieldSet and the Values array come from a single allocation for objects
// of up to 16 fields.
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
		m = valueBlocks[n](n)
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
		m = scalarBlocks[n](n)
	} else {
		m = &FieldSet{Values: make([]Marshaler, n), slots: make([]scalarSlot, n)}
	}
	m.fields = fields
	return m
}

// A FieldSet and the backing arrays of its slices come from one allocation
// of a block type, V and S being arrays of Marshaler and scalarSlot. The
// tables hold a constructor per field count: exact sizes for small objects,
// a few steps above. Values keeps the array's spare capacity, so AddField
// does not reallocate until it is full.
type (
	valueBlock[V any] struct {
		set    FieldSet
		values V
	}
	scalarBlock[V, S any] struct {
		set    FieldSet
		values V
		slots  S
	}
)

// arrayOf returns the elements of *arr, an array of T, with length n.
func arrayOf[T, A any](arr *A, n int) []T {
	var t T
	return unsafe.Slice((*T)(unsafe.Pointer(arr)), unsafe.Sizeof(*arr)/unsafe.Sizeof(t))[:n]
}

func newValueBlock[V any](n int) *FieldSet {
	b := new(valueBlock[V])
	b.set.Values = arrayOf[Marshaler](&b.values, n)
	return &b.set
}

func newScalarBlock[V, S any](n int) *FieldSet {
	b := new(scalarBlock[V, S])
	b.set.Values = arrayOf[Marshaler](&b.values, n)
	b.set.slots = arrayOf[scalarSlot](&b.slots, n)
	return &b.set
}

func emptyFieldSet(int) *FieldSet { return &FieldSet{Values: []Marshaler{}} }

var valueBlocks, scalarBlocks = func() (v, s [33]func(int) *FieldSet) {
	type (
		m  = Marshaler
		ss = scalarSlot
	)
	sized := []struct {
		max  int
		v, s func(int) *FieldSet
	}{
		{0, emptyFieldSet, emptyFieldSet},
		{1, newValueBlock[[1]m], newScalarBlock[[1]m, [1]ss]},
		{2, newValueBlock[[2]m], newScalarBlock[[2]m, [2]ss]},
		{3, newValueBlock[[3]m], newScalarBlock[[3]m, [3]ss]},
		{4, newValueBlock[[4]m], newScalarBlock[[4]m, [4]ss]},
		{5, newValueBlock[[5]m], newScalarBlock[[5]m, [5]ss]},
		{6, newValueBlock[[6]m], newScalarBlock[[6]m, [6]ss]},
		{7, newValueBlock[[7]m], newScalarBlock[[7]m, [7]ss]},
		{8, newValueBlock[[8]m], newScalarBlock[[8]m, [8]ss]},
		{10, newValueBlock[[10]m], newScalarBlock[[10]m, [10]ss]},
		{12, newValueBlock[[12]m], newScalarBlock[[12]m, [12]ss]},
		{16, newValueBlock[[16]m], newScalarBlock[[16]m, [16]ss]},
		{20, newValueBlock[[20]m], newScalarBlock[[20]m, [20]ss]},
		{24, newValueBlock[[24]m], newScalarBlock[[24]m, [24]ss]},
		{32, newValueBlock[[32]m], newScalarBlock[[32]m, [32]ss]},
	}
	k := 0
	for n := range v {
		for sized[k].max < n {
			k++
		}
		v[n], s[n] = sized[k].v, sized[k].s
	}
	return v, s
}()

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
	sc := m.schedule0()
	sc.tasks = append(sc.tasks, t)
}

// schedule0 returns m.sched, allocating it if need be.
func (m *FieldSet) schedule0() *fieldSetSchedule {
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
	if m.sched == nil {
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
	var wg sync.WaitGroup
	wg.Add(len(tasks) - 1)
	for k := 1; k < len(tasks); k++ {
		go m.runAndSignal(ctx, &tasks[k], &wg)
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
	if t.rootCtx != nil && t.oc != nil && t.oc.RootResolverMiddleware != nil {
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
			t.oc.Error(ctx, t.oc.Recover(ctx, r))
			res = Null
		}
	}()
	return t.resolve(ctx)
}

// MarshalGQL writes the object: each field's alias and value, in field
// order. When two fields share an alias only the first is written.
func (m *FieldSet) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 2+16*len(m.fields))
	endWrite(w, m.appendGQL(dst), p)
}

func (m *FieldSet) appendGQL(dst []byte) []byte {
	unique := aliasesKnownUnique(m.fields)
	dst = append(dst, '{')
	n := 0
	for i := range m.fields {
		alias := m.fields[i].Alias
		if !unique && aliasIndex(m.fields[:i], alias) >= 0 {
			continue
		}
		if n > 0 {
			dst = append(dst, ',')
		}
		n++
		dst = append(appendGQLString(dst, alias), ':')
		dst = appendValue(dst, m.Values[i])
	}
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
	sc := m.schedule0()
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
	endWrite(w, v.appendGQL(dst), p)
}

func (v *FieldSetView) appendGQL(dst []byte) []byte {
	taken := v.take()
	fields := v.set.fields
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
		dst = append(appendGQLString(dst, alias), ':')
		dst = appendValue(dst, val)
	}
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
