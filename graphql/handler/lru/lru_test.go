package lru_test

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/lru"
)

var _ graphql.Cache[int] = lru.New[int](1)

func TestGetAndAdd(t *testing.T) {
	ctx := context.Background()
	c := lru.New[string](4)

	if v, ok := c.Get(ctx, "missing"); ok || v != "" {
		t.Fatalf("Get(missing) = %q, %v; want zero, false", v, ok)
	}
	c.Add(ctx, "q", "query { a }")
	if v, ok := c.Get(ctx, "q"); !ok || v != "query { a }" {
		t.Fatalf("Get(q) = %q, %v", v, ok)
	}
	c.Add(ctx, "q", "query { b }")
	if v, _ := c.Get(ctx, "q"); v != "query { b }" {
		t.Fatalf("Get(q) after overwrite = %q", v)
	}
}

func TestEvictsLeastRecentlyUsed(t *testing.T) {
	ctx := context.Background()
	c := lru.New[int](3)
	for i, k := range []string{"a", "b", "c"} {
		c.Add(ctx, k, i)
	}
	// Reading "a" makes "b" the oldest entry.
	if _, ok := c.Get(ctx, "a"); !ok {
		t.Fatal("a missing before eviction")
	}
	c.Add(ctx, "d", 3)

	want := map[string]bool{"a": true, "b": false, "c": true, "d": true}
	for k, present := range want {
		if _, ok := c.Get(ctx, k); ok != present {
			t.Errorf("Get(%s) present = %v, want %v", k, ok, present)
		}
	}
}

func TestValueTypes(t *testing.T) {
	ctx := context.Background()
	type doc struct{ ops int }
	c := lru.New[*doc](2)
	d := &doc{ops: 2}
	c.Add(ctx, "k", d)
	if got, ok := c.Get(ctx, "k"); !ok || got != d {
		t.Fatalf("Get(k) = %p, %v; want %p", got, ok, d)
	}
	if got, ok := c.Get(ctx, "other"); ok || got != nil {
		t.Fatalf("Get(other) = %v, %v; want nil, false", got, ok)
	}
}

func TestNewRejectsNonPositiveSize(t *testing.T) {
	for _, size := range []int{0, -1} {
		t.Run(strconv.Itoa(size), func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("New(%d) did not panic", size)
				}
			}()
			lru.New[string](size)
		})
	}
}

func TestConcurrentUse(t *testing.T) {
	ctx := context.Background()
	c := lru.New[int](64)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 500 {
				key := fmt.Sprint((w*31 + i) % 100)
				if v, ok := c.Get(ctx, key); ok && strconv.Itoa(v) != key {
					t.Errorf("Get(%s) = %d", key, v)
					return
				}
				n, _ := strconv.Atoi(key)
				c.Add(ctx, key, n)
			}
		})
	}
	wg.Wait()
}

func BenchmarkGetHit(b *testing.B) {
	ctx := context.Background()
	c := lru.New[string](1000)
	keys := make([]string, 1000)
	for i := range keys {
		keys[i] = "query" + strconv.Itoa(i)
		c.Add(ctx, keys[i], keys[i])
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c.Get(ctx, keys[i%len(keys)])
		i++
	}
}

func BenchmarkAddEvicting(b *testing.B) {
	ctx := context.Background()
	c := lru.New[int](100)
	keys := make([]string, 1000)
	for i := range keys {
		keys[i] = "query" + strconv.Itoa(i)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c.Add(ctx, keys[i%len(keys)], i)
		i++
	}
}
