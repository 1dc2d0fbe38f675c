// Package redispubsub fans events out to every replica of a server through
// Redis pub/sub: an event published by one process reaches the subscribers
// of all of them. A topic is a Redis channel and a subscription is a Go
// channel; ending the subscriber's context ends the subscription.
//
// A Broker multiplexes: all its subscriptions share one Redis connection,
// and a Redis channel is subscribed to while at least one local subscriber
// wants it (SUBSCRIBE for the first, UNSUBSCRIBE after the last), so ten
// thousand WebSocket subscribers of one topic on a replica cost Redis one
// connection and one subscription.
//
// Delivery is at most once, as with Redis pub/sub itself: an event
// published while a replica is not subscribed (before Subscribe returned,
// during a reconnect) is lost for its subscribers, an event that finds a
// subscriber's buffer full is dropped for that subscriber (and reported),
// and nothing is stored for later.
package redispubsub

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/99designs/gqlgen/codec"
)

// Defaults of New.
const (
	// DefaultPrefix is put before each topic to make its Redis channel.
	DefaultPrefix = "gqlgen:pubsub:"
	// DefaultBuffer is how many events wait for a slow subscriber before
	// new ones are dropped for it.
	DefaultBuffer = 64
	// DefaultConfirmTimeout bounds the wait for Redis to confirm a
	// subscription.
	DefaultConfirmTimeout = 5 * time.Second
)

// ErrClosed is returned by Subscribe after Close.
var ErrClosed = errors.New("redispubsub: broker closed")

// ErrSlowSubscriber is reported to the error hook for each event dropped
// because a subscriber's buffer was full.
var ErrSlowSubscriber = errors.New("redispubsub: subscriber buffer full, event dropped")

// Client is the part of a go-redis client the broker uses; *redis.Client,
// *redis.ClusterClient and *redis.Ring have it.
type Client interface {
	Publish(ctx context.Context, channel string, message any) *redis.IntCmd
	Subscribe(ctx context.Context, channels ...string) *redis.PubSub
}

// ErrorHook receives the events the broker drops: for a subscriber too slow
// to take them (ErrSlowSubscriber) or, on a Topic, that do not decode. It
// runs on the broker's goroutines, so it should be quick (log, count).
type ErrorHook func(ctx context.Context, topic string, err error)

// Broker publishes to and subscribes on Redis channels. It is safe for
// concurrent use.
type Broker struct {
	client         Client
	prefix         string
	buffer         int
	confirmTimeout time.Duration
	onError        ErrorHook

	done chan struct{} // closed by Close

	mu     sync.Mutex
	closed bool
	ps     *redis.PubSub     // the shared connection, opened by the first Subscribe
	groups map[string]*group // the local subscribers, by Redis channel
	acks   map[string]*acks  // SUBSCRIBE commands in flight, by Redis channel
}

// group is the local subscribers of one Redis channel, from the SUBSCRIBE
// sent for the first of them to the UNSUBSCRIBE sent after the last.
type group struct {
	topic   string
	members map[*member]struct{}
	// ready is closed once Redis has confirmed the group's SUBSCRIBE, that
	// is once acks.confirmed reaches want.
	ready chan struct{}
	want  uint64
}

type member struct{ out chan []byte }

// acks counts the SUBSCRIBE commands sent for a channel and the
// confirmations received. Replies come in command order on the one
// connection, so a group whose SUBSCRIBE was the n-th is subscribed at the
// n-th confirmation, whatever UNSUBSCRIBEs of earlier groups came between.
type acks struct{ sent, confirmed uint64 }

// Option configures a Broker.
type Option func(*Broker)

// WithPrefix sets the string put before each topic to make its Redis
// channel (DefaultPrefix by default).
func WithPrefix(prefix string) Option { return func(b *Broker) { b.prefix = prefix } }

// WithBuffer sets how many events a subscription holds for a subscriber
// that has not taken them yet (DefaultBuffer by default). When it is full,
// new events are dropped for that subscriber only, and reported; the
// others, and the shared connection, never wait for it.
func WithBuffer(events int) Option { return func(b *Broker) { b.buffer = max(events, 1) } }

// WithConfirmTimeout bounds how long Subscribe waits for Redis to confirm
// a new subscription (DefaultConfirmTimeout by default).
func WithConfirmTimeout(d time.Duration) Option { return func(b *Broker) { b.confirmTimeout = d } }

// WithErrorHook sets the function told about dropped events. Without one
// they are dropped silently.
func WithErrorHook(hook ErrorHook) Option { return func(b *Broker) { b.onError = hook } }

// New returns a broker on client. It opens its Redis connection for
// subscriptions on the first Subscribe; Close releases it.
func New(client Client, opts ...Option) *Broker {
	b := &Broker{
		client:         client,
		prefix:         DefaultPrefix,
		buffer:         DefaultBuffer,
		confirmTimeout: DefaultConfirmTimeout,
		done:           make(chan struct{}),
		groups:         map[string]*group{},
		acks:           map[string]*acks{},
	}
	for _, opt := range opts {
		opt(b)
	}
	return b
}

// Channel returns the Redis channel of topic, for operators and tests
// (PUBSUB NUMSUB).
func (b *Broker) Channel(topic string) string { return b.prefix + topic }

// Publish sends payload to the current subscribers of topic on every
// replica, and returns once Redis has accepted it.
func (b *Broker) Publish(ctx context.Context, topic string, payload []byte) error {
	if err := b.client.Publish(ctx, b.Channel(topic), payload).Err(); err != nil {
		return fmt.Errorf("redispubsub: publishing to %s: %w", topic, err)
	}
	return nil
}

// Subscribe returns the payloads published to topic from now on: when it
// returns, Redis has confirmed that this replica is subscribed, so an event
// published after that is delivered. The channel is closed when ctx ends
// (and Redis is unsubscribed if no other local subscriber wants topic) or
// when the broker is closed. Payloads are shared between the subscribers
// of a topic and must not be modified.
func (b *Broker) Subscribe(ctx context.Context, topic string) (<-chan []byte, error) {
	channel := b.Channel(topic)
	m := &member{out: make(chan []byte, b.buffer)}

	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil, ErrClosed
	}
	if b.ps == nil {
		b.ps = b.client.Subscribe(context.Background())
		go b.dispatch(b.ps.ChannelWithSubscriptions(redis.WithChannelSize(b.buffer)))
	}
	g := b.groups[channel]
	if g == nil {
		g = &group{topic: topic, members: map[*member]struct{}{}, ready: make(chan struct{})}
		a := b.acks[channel]
		if a == nil {
			a = &acks{}
			b.acks[channel] = a
		}
		a.sent++
		g.want = a.sent
		// The command is written under b.mu so that SUBSCRIBE and
		// UNSUBSCRIBE of one channel reach Redis in the order decided here.
		if err := b.ps.Subscribe(ctx, channel); err != nil {
			a.sent--
			_ = b.ps.Unsubscribe(context.WithoutCancel(ctx), channel) // forget it for reconnects
			b.mu.Unlock()
			return nil, fmt.Errorf("redispubsub: subscribing to %s: %w", topic, err)
		}
		b.groups[channel] = g
	}
	g.members[m] = struct{}{}
	ready := g.ready
	b.mu.Unlock()

	timer := time.NewTimer(b.confirmTimeout)
	defer timer.Stop()
	select {
	case <-ready:
	case <-ctx.Done():
		b.leave(channel, m)
		return nil, fmt.Errorf("redispubsub: subscribing to %s: %w", topic, ctx.Err())
	case <-timer.C:
		b.leave(channel, m)
		return nil, fmt.Errorf("redispubsub: subscribing to %s: Redis did not confirm within %v", topic, b.confirmTimeout)
	case <-b.done:
		return nil, ErrClosed
	}
	go func() {
		select {
		case <-ctx.Done():
			b.leave(channel, m)
		case <-b.done:
		}
	}()
	return m.out, nil
}

// leave removes m from the subscribers of channel and closes its Go
// channel; after the last one, it unsubscribes Redis.
func (b *Broker) leave(channel string, m *member) {
	b.mu.Lock()
	defer b.mu.Unlock()
	g := b.groups[channel]
	if g == nil {
		return
	}
	if _, ok := g.members[m]; !ok {
		return
	}
	delete(g.members, m)
	close(m.out)
	if len(g.members) > 0 {
		return
	}
	delete(b.groups, channel)
	if b.ps != nil {
		ctx, cancel := context.WithTimeout(context.Background(), b.confirmTimeout)
		defer cancel()
		// Should the write fail, go-redis has still forgotten the channel,
		// so the reconnect that follows a broken connection leaves it out.
		_ = b.ps.Unsubscribe(ctx, channel)
	}
}

// dispatch hands what arrives on the shared connection to the local
// subscribers until the connection is closed. It never waits for a
// subscriber: a full buffer drops the event for that one.
func (b *Broker) dispatch(in <-chan any) {
	for msg := range in {
		switch msg := msg.(type) {
		case *redis.Subscription:
			if msg.Kind == "subscribe" {
				b.confirm(msg.Channel)
			}
		case *redis.Message:
			b.deliver(msg.Channel, []byte(msg.Payload))
		}
	}
	// The PubSub was closed by Close: end every subscription.
	b.mu.Lock()
	defer b.mu.Unlock()
	for channel, g := range b.groups {
		for m := range g.members {
			close(m.out)
		}
		delete(b.groups, channel)
	}
}

func (b *Broker) confirm(channel string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	a := b.acks[channel]
	if a == nil {
		return
	}
	// After a reconnect go-redis subscribes again to every channel it
	// knows; confirmations beyond the commands sent are those, and mean
	// nothing new.
	if a.confirmed < a.sent {
		a.confirmed++
	}
	if g := b.groups[channel]; g != nil && a.confirmed >= g.want {
		select {
		case <-g.ready:
		default:
			close(g.ready)
		}
	}
	if a.confirmed == a.sent && b.groups[channel] == nil {
		delete(b.acks, channel)
	}
}

func (b *Broker) deliver(channel string, payload []byte) {
	var dropped int
	var topic string
	b.mu.Lock()
	if g := b.groups[channel]; g != nil {
		topic = g.topic
		for m := range g.members {
			select {
			case m.out <- payload:
			default:
				dropped++
			}
		}
	}
	b.mu.Unlock()
	if b.onError != nil {
		for range dropped {
			b.onError(context.Background(), topic, ErrSlowSubscriber)
		}
	}
}

// Close ends every subscription and releases the broker's Redis
// connection. Publish keeps working; Subscribe returns ErrClosed.
func (b *Broker) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	close(b.done)
	ps := b.ps
	b.mu.Unlock()
	if ps == nil {
		return nil
	}
	return ps.Close()
}

// Topic is a topic whose events are values of T, encoded as JSON with the
// codec package (the codec picked by the build tag), so that publisher and
// subscriber agree with the rest of the server on the wire form.
type Topic[T any] struct {
	broker *Broker
	name   string
}

// NewTopic returns the topic name on b, with events of type T.
func NewTopic[T any](b *Broker, name string) Topic[T] { return Topic[T]{broker: b, name: name} }

// Name returns the topic's name.
func (t Topic[T]) Name() string { return t.name }

// Channel returns the topic's Redis channel.
func (t Topic[T]) Channel() string { return t.broker.Channel(t.name) }

// Publish encodes event and sends it to the topic's subscribers.
func (t Topic[T]) Publish(ctx context.Context, event T) error {
	payload, err := codec.Marshal(event)
	if err != nil {
		return fmt.Errorf("redispubsub: encoding an event for %s: %w", t.name, err)
	}
	return t.broker.Publish(ctx, t.name, payload)
}

// Subscribe returns the events published to the topic from now on, as
// Broker.Subscribe does, each decoded into its own T. Events that do not
// decode are dropped and reported to the broker's error hook.
func (t Topic[T]) Subscribe(ctx context.Context) (<-chan T, error) {
	raw, err := t.broker.Subscribe(ctx, t.name)
	if err != nil {
		return nil, err
	}
	out := make(chan T)
	go func() {
		defer close(out)
		for payload := range raw {
			var event T
			if err := codec.Unmarshal(payload, &event); err != nil {
				if t.broker.onError != nil {
					t.broker.onError(ctx, t.name, fmt.Errorf("redispubsub: decoding an event of %s: %w", t.name, err))
				}
				continue
			}
			select {
			case out <- event:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out, nil
}
