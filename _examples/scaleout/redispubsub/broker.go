// Package redispubsub fans events out to every replica of a server through
// Redis pub/sub: an event published by one process reaches the subscribers
// of all of them. It is small on purpose: a topic is a Redis channel, a
// subscription is a Go channel, and ending the subscriber's context releases
// the Redis subscription.
//
// Delivery is at most once, as with Redis pub/sub itself: an event published
// while a subscriber is not connected (before it subscribed, during a
// reconnect, or after its buffer stayed full too long) is lost for that
// subscriber, and nothing is stored.
package redispubsub

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/99designs/gqlgen/codec"
)

// DefaultPrefix is put before each topic to make its Redis channel.
const DefaultPrefix = "gqlgen:pubsub:"

// Client is the part of a go-redis client the broker uses; *redis.Client,
// *redis.ClusterClient and *redis.Ring have it.
type Client interface {
	Publish(ctx context.Context, channel string, message any) *redis.IntCmd
	Subscribe(ctx context.Context, channels ...string) *redis.PubSub
}

// ErrorHook receives the events a subscription drops because they do not
// decode, with the topic they came on. It runs on the subscription's
// goroutine, so it should be quick.
type ErrorHook func(ctx context.Context, topic string, err error)

// Broker publishes to and subscribes on Redis channels. It is safe for
// concurrent use; each subscription holds one Redis connection while it
// lasts.
type Broker struct {
	client      Client
	prefix      string
	buffer      int
	sendTimeout time.Duration
	onError     ErrorHook
}

// Option configures a Broker.
type Option func(*Broker)

// WithPrefix sets the string put before each topic to make its Redis
// channel (DefaultPrefix by default).
func WithPrefix(prefix string) Option { return func(b *Broker) { b.prefix = prefix } }

// WithBuffer sets how many events a subscription holds for a slow
// subscriber (100 by default), and how long the buffer may stay full
// before new events are dropped for it (a minute by default).
func WithBuffer(events int, fullFor time.Duration) Option {
	return func(b *Broker) { b.buffer, b.sendTimeout = events, fullFor }
}

// WithErrorHook sets the function told about events dropped because they
// do not decode. Without one they are dropped silently.
func WithErrorHook(hook ErrorHook) Option { return func(b *Broker) { b.onError = hook } }

// New returns a broker on client.
func New(client Client, opts ...Option) *Broker {
	b := &Broker{client: client, prefix: DefaultPrefix, buffer: 100, sendTimeout: time.Minute}
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
// returns, Redis has confirmed the subscription, so an event published
// after that is delivered. The channel is closed, and the Redis
// subscription released, when ctx ends.
func (b *Broker) Subscribe(ctx context.Context, topic string) (<-chan []byte, error) {
	return subscribe(ctx, b, topic, func(payload string) ([]byte, error) { return []byte(payload), nil })
}

// subscribe is Subscribe with a decoder from the Redis payload to T;
// payloads that do not decode are dropped and reported.
func subscribe[T any](ctx context.Context, b *Broker, topic string, decode func(string) (T, error)) (<-chan T, error) {
	ps := b.client.Subscribe(ctx, b.Channel(topic))
	// The first reply is the confirmation of SUBSCRIBE; waiting for it is
	// what makes "subscribed, then published" a delivery.
	if _, err := ps.Receive(ctx); err != nil {
		_ = ps.Close()
		return nil, fmt.Errorf("redispubsub: subscribing to %s: %w", topic, err)
	}
	in := ps.Channel(redis.WithChannelSize(b.buffer), redis.WithChannelSendTimeout(b.sendTimeout))
	out := make(chan T)
	go func() {
		// Closing the PubSub closes its connection, which is what drops
		// the subscription on the Redis side, whoever ended it.
		defer close(out)
		defer ps.Close()
		for {
			select {
			case <-ctx.Done():
				return
			case msg, ok := <-in:
				if !ok {
					return
				}
				v, err := decode(msg.Payload)
				if err != nil {
					if b.onError != nil {
						b.onError(ctx, topic, err)
					}
					continue
				}
				select {
				case out <- v:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out, nil
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
// Broker.Subscribe does. Events that do not decode into T are dropped and
// reported to the broker's error hook.
func (t Topic[T]) Subscribe(ctx context.Context) (<-chan T, error) {
	return subscribe(ctx, t.broker, t.name, func(payload string) (T, error) {
		var event T
		if err := codec.Unmarshal([]byte(payload), &event); err != nil {
			return event, fmt.Errorf("redispubsub: decoding an event of %s: %w", t.name, err)
		}
		return event, nil
	})
}
