package redispubsub_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/_examples/scaleout/internal/redistest"
	"github.com/99designs/gqlgen/_examples/scaleout/redispubsub"
)

type event struct {
	Name  string `json:"name"`
	Count int64  `json:"count"`
	Note  string `json:"note,omitempty"`
}

// receive waits for the next value of ch, failing the test after a bound.
func receive[T any](t *testing.T, ch <-chan T) T {
	t.Helper()
	select {
	case v, ok := <-ch:
		require.True(t, ok, "channel closed before a value arrived")
		return v
	case <-time.After(10 * time.Second):
		t.Fatal("no value within 10s")
		panic("unreachable")
	}
}

// waitClosed waits for ch to be closed, failing after a bound.
func waitClosed[T any](t *testing.T, ch <-chan T) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatal("channel still open after 10s")
		}
	}
}

// waitNumSub polls PUBSUB NUMSUB until channel has want subscribers.
func waitNumSub(t *testing.T, c *redis.Client, channel string, want int64) {
	t.Helper()
	var got int64
	var err error
	require.Eventually(t, func() bool {
		got, err = redistest.NumSub(context.Background(), c, channel)
		return err == nil && got == want
	}, 10*time.Second, 10*time.Millisecond, "PUBSUB NUMSUB %s: want %d", channel, want)
}

// Two brokers stand for two replicas: an event published by one reaches
// the subscribers of both, in order, through a real redis-server.
func TestFanOutAcrossBrokers(t *testing.T) {
	srv := redistest.Start(t)
	a := redispubsub.New(srv.Client(t), redispubsub.WithPrefix("test:"))
	b := redispubsub.New(srv.Client(t), redispubsub.WithPrefix("test:"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	onA, err := redispubsub.NewTopic[event](a, "news").Subscribe(ctx)
	require.NoError(t, err)
	onB, err := redispubsub.NewTopic[*event](b, "news").Subscribe(ctx)
	require.NoError(t, err)

	topic := redispubsub.NewTopic[event](a, "news")
	require.Equal(t, "test:news", topic.Channel())
	sent := []event{
		{Name: "first", Count: 1 << 53, Note: "<&> \u2028 ünï"},
		{Name: "second", Count: -7},
	}
	for _, e := range sent {
		require.NoError(t, topic.Publish(ctx, e))
	}
	for _, want := range sent {
		require.Equal(t, want, receive(t, onA))
		got := receive(t, onB)
		require.NotNil(t, got)
		require.Equal(t, want, *got)
	}
}

// A broker holds one Redis subscription per channel however many local
// subscribers it has; ending the last subscriber's context releases it,
// which PUBSUB NUMSUB shows.
func TestSubscriptionReleasedWithContext(t *testing.T) {
	srv := redistest.Start(t)
	client := srv.Client(t)
	b := redispubsub.New(client)
	other := redispubsub.New(srv.Client(t))
	t.Cleanup(func() { _ = b.Close(); _ = other.Close() })
	channel := b.Channel("room")

	ctx1, cancel1 := context.WithCancel(context.Background())
	defer cancel1()
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	ctx3, cancel3 := context.WithCancel(context.Background())
	defer cancel3()
	first, err := b.Subscribe(ctx1, "room")
	require.NoError(t, err)
	second, err := b.Subscribe(ctx2, "room")
	require.NoError(t, err)
	// Subscribe returns once Redis confirmed, so no polling is needed here:
	// one subscription for the two local subscribers.
	n, err := redistest.NumSub(context.Background(), client, channel)
	require.NoError(t, err)
	require.EqualValues(t, 1, n)
	third, err := other.Subscribe(ctx3, "room")
	require.NoError(t, err)
	n, err = redistest.NumSub(context.Background(), client, channel)
	require.NoError(t, err)
	require.EqualValues(t, 2, n, "one per broker")

	cancel1()
	waitClosed(t, first)
	require.NoError(t, b.Publish(context.Background(), "room", []byte(`"still here"`)))
	require.Equal(t, []byte(`"still here"`), receive(t, second))
	require.Equal(t, []byte(`"still here"`), receive(t, third))

	cancel2()
	waitClosed(t, second)
	waitNumSub(t, client, channel, 1)
	cancel3()
	waitClosed(t, third)
	waitNumSub(t, client, channel, 0)
}

// A subscriber that never reads must not keep its subscription once its
// context ends, even with events waiting to be handed over.
func TestBlockedSubscriberReleased(t *testing.T) {
	srv := redistest.Start(t)
	client := srv.Client(t)
	b := redispubsub.New(client)
	t.Cleanup(func() { _ = b.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	ch, err := b.Subscribe(ctx, "blocked")
	require.NoError(t, err)
	require.NoError(t, b.Publish(context.Background(), "blocked", []byte("1")))
	require.NoError(t, b.Publish(context.Background(), "blocked", []byte("2")))
	cancel()
	waitNumSub(t, client, b.Channel("blocked"), 0)
	waitClosed(t, ch)
}

// A full buffer drops events for that subscriber only, and says so; the
// other subscribers of the topic get every event.
func TestSlowSubscriberDropsOnlyItsOwn(t *testing.T) {
	srv := redistest.Start(t)
	drops := make(chan error, 10)
	b := redispubsub.New(srv.Client(t), redispubsub.WithBuffer(1),
		redispubsub.WithErrorHook(func(_ context.Context, topic string, err error) {
			if topic == "busy" {
				drops <- err
			}
		}))
	t.Cleanup(func() { _ = b.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	slow, err := b.Subscribe(ctx, "busy")
	require.NoError(t, err)
	fast, err := b.Subscribe(ctx, "busy")
	require.NoError(t, err)

	for _, p := range []string{"1", "2", "3"} {
		require.NoError(t, b.Publish(ctx, "busy", []byte(p)))
		require.Equal(t, []byte(p), receive(t, fast))
	}
	require.ErrorIs(t, receive(t, drops), redispubsub.ErrSlowSubscriber)
	require.ErrorIs(t, receive(t, drops), redispubsub.ErrSlowSubscriber)
	require.Equal(t, []byte("1"), receive(t, slow), "the first event waited in the buffer")
}

// Subscribing again right after the last subscriber left (UNSUBSCRIBE and
// SUBSCRIBE of one channel in flight together) still ends subscribed, and
// many subscribers coming and going at once leave nothing behind.
func TestChurn(t *testing.T) {
	srv := redistest.Start(t)
	client := srv.Client(t)
	b := redispubsub.New(client)
	t.Cleanup(func() { _ = b.Close() })
	bg := context.Background()

	for i := range 30 {
		ctx, cancel := context.WithCancel(bg)
		_, err := b.Subscribe(ctx, "churn")
		require.NoError(t, err)
		cancel()
		ctx2, cancel2 := context.WithCancel(bg)
		ch, err := b.Subscribe(ctx2, "churn")
		require.NoError(t, err, "round %d", i)
		payload := []byte(fmt.Sprint(i))
		require.NoError(t, b.Publish(bg, "churn", payload))
		require.Equal(t, payload, receive(t, ch), "round %d", i)
		cancel2()
	}

	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				ctx, cancel := context.WithCancel(bg)
				_, err := b.Subscribe(ctx, "crowd")
				cancel()
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	waitNumSub(t, client, b.Channel("churn"), 0)
	waitNumSub(t, client, b.Channel("crowd"), 0)
}

// Close ends every subscription and refuses new ones; Publish still works.
func TestClose(t *testing.T) {
	srv := redistest.Start(t)
	client := srv.Client(t)
	b := redispubsub.New(client)
	ch, err := b.Subscribe(context.Background(), "closing")
	require.NoError(t, err)
	require.NoError(t, b.Close())
	waitClosed(t, ch)
	waitNumSub(t, client, b.Channel("closing"), 0)
	_, err = b.Subscribe(context.Background(), "closing")
	require.ErrorIs(t, err, redispubsub.ErrClosed)
	require.NoError(t, b.Publish(context.Background(), "closing", []byte("1")))
}

// An event that does not decode into the topic's type is dropped and
// reported; the events after it still arrive.
func TestUndecodableEventReported(t *testing.T) {
	srv := redistest.Start(t)
	reported := make(chan error, 1)
	b := redispubsub.New(srv.Client(t), redispubsub.WithErrorHook(func(_ context.Context, topic string, err error) {
		if topic == "typed" {
			reported <- err
		}
	}))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events, err := redispubsub.NewTopic[event](b, "typed").Subscribe(ctx)
	require.NoError(t, err)

	require.NoError(t, b.Publish(ctx, "typed", []byte(`{"name": 12`)))
	require.NoError(t, redispubsub.NewTopic[event](b, "typed").Publish(ctx, event{Name: "ok"}))
	require.Equal(t, event{Name: "ok"}, receive(t, events))
	require.ErrorContains(t, receive(t, reported), "decoding an event of typed")
}

// Publishing or subscribing with Redis gone is an error for the caller.
func TestRedisDown(t *testing.T) {
	srv := redistest.Start(t)
	client := redis.NewClient(&redis.Options{Addr: srv.Addr, MaxRetries: -1, DialTimeout: time.Second})
	defer client.Close()
	srv.Stop()
	b := redispubsub.New(client)
	t.Cleanup(func() { _ = b.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.ErrorContains(t, b.Publish(ctx, "x", []byte("1")), "publishing to x")
	_, err := b.Subscribe(ctx, "x")
	require.ErrorContains(t, err, "subscribing to x")
}

// The same round trip on miniredis, a quick check that needs no
// redis-server; the tests above are the ones that count.
func TestMiniredis(t *testing.T) {
	mr := miniredis.RunT(t)
	client := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	defer client.Close()
	b := redispubsub.New(client)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := b.Subscribe(ctx, "mini")
	require.NoError(t, err)
	require.NoError(t, b.Publish(ctx, "mini", []byte("hello")))
	require.Equal(t, []byte("hello"), receive(t, ch))
}
