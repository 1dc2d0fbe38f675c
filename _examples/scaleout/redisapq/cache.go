// Package redisapq keeps automatic persisted queries in Redis, so that every
// replica of a GraphQL server knows a query as soon as one of them has been
// sent it.
//
//	srv.Use(extension.AutomaticPersistedQuery{Cache: redisapq.New(client)})
//
// The cache never fails a request: when Redis is slow, down or answers with
// an error, a lookup is a miss and a store is skipped, and the error goes to
// the hook set with WithErrorHook. A miss costs the client one round trip
// (PersistedQueryNotFound, then the query sent with its hash), which it is
// built to make anyway.
package redisapq

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/99designs/gqlgen/graphql"
)

// Defaults of New.
const (
	// DefaultPrefix is put before every hash to make the Redis key.
	DefaultPrefix = "gqlgen:apq:"
	// DefaultTTL is how long a query stays in Redis after it was last used.
	DefaultTTL = 24 * time.Hour
	// DefaultMaxQueryBytes is the largest query that is stored.
	DefaultMaxQueryBytes = 64 << 10
	// DefaultTimeout bounds each Redis call.
	DefaultTimeout = 250 * time.Millisecond
)

// maxKeyBytes bounds the hashes worth a Redis lookup. APQ hashes are 64 hex
// digits; a client sending a longer one gets a miss without a round trip.
const maxKeyBytes = 128

// ErrQueryTooLarge is reported to the error hook when Add skips a query
// longer than the cache's limit. The request itself is served as usual.
var ErrQueryTooLarge = errors.New("redisapq: query larger than the limit, not stored")

// Op names the cache operation an error hook is told about.
type Op string

// The operations an error hook is told about.
const (
	OpGet Op = "get"
	OpAdd Op = "add"
)

// ErrorHook receives the errors the cache swallows: op is the operation,
// key the Redis key. It is called on the request's goroutine, so it should
// be quick (log, count).
type ErrorHook func(ctx context.Context, op Op, key string, err error)

// Cache is a graphql.Cache[string] on Redis for
// extension.AutomaticPersistedQuery. It is safe for concurrent use.
type Cache struct {
	client        redis.Cmdable
	prefix        string
	ttl           time.Duration
	maxQueryBytes int
	timeout       time.Duration
	onError       ErrorHook
}

var _ graphql.Cache[string] = (*Cache)(nil)

// Option configures a Cache.
type Option func(*Cache)

// WithPrefix sets the string put before each hash to make its Redis key
// (DefaultPrefix by default). Servers that share a Redis and a prefix share
// their persisted queries; different schemas should use different prefixes.
func WithPrefix(prefix string) Option { return func(c *Cache) { c.prefix = prefix } }

// WithTTL sets how long an unused query stays in Redis (DefaultTTL by
// default). Every hit pushes the expiry back by ttl, so queries in use stay
// and forgotten ones go. Zero keeps queries forever: the keyspace is then
// bounded only by Redis's maxmemory policy.
func WithTTL(ttl time.Duration) Option { return func(c *Cache) { c.ttl = ttl } }

// WithMaxQueryBytes sets the length of the largest query that is stored
// (DefaultMaxQueryBytes by default); longer ones are served but not stored,
// so each use costs their client the PersistedQueryNotFound round trip.
// Zero or less removes the limit.
func WithMaxQueryBytes(n int) Option { return func(c *Cache) { c.maxQueryBytes = n } }

// WithTimeout bounds each Redis call (DefaultTimeout by default), so that an
// unreachable Redis delays a request by at most this much. It shortens the
// request's context; go-redis honours it for reads and writes only with
// redis.Options.ContextTimeoutEnabled, otherwise its own ReadTimeout and
// WriteTimeout apply. Zero or less leaves the request's context alone.
func WithTimeout(d time.Duration) Option { return func(c *Cache) { c.timeout = d } }

// WithErrorHook sets the function told about the Redis errors the cache
// turns into misses, and about queries too large to store. Without one,
// they are dropped silently.
func WithErrorHook(hook ErrorHook) Option { return func(c *Cache) { c.onError = hook } }

// New returns a cache on client, which may be a *redis.Client, a
// *redis.ClusterClient or anything else that runs commands. Keys expire
// TTL after their last use: Redis ≥ 6.2 is needed for GETEX, which moves
// the expiry on a hit (with WithTTL(0), plain GET is used).
func New(client redis.Cmdable, opts ...Option) *Cache {
	c := &Cache{
		client:        client,
		prefix:        DefaultPrefix,
		ttl:           DefaultTTL,
		maxQueryBytes: DefaultMaxQueryBytes,
		timeout:       DefaultTimeout,
	}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// Get returns the query stored under hash. Any Redis failure is a miss.
func (c *Cache) Get(ctx context.Context, hash string) (string, bool) {
	if len(hash) > maxKeyBytes {
		return "", false
	}
	key := c.prefix + hash
	opCtx, cancel := c.bound(ctx)
	defer cancel()

	var cmd *redis.StringCmd
	if c.ttl > 0 {
		cmd = c.client.GetEx(opCtx, key, c.ttl)
	} else {
		cmd = c.client.Get(opCtx, key)
	}
	query, err := cmd.Result()
	switch {
	case err == nil:
		return query, true
	case errors.Is(err, redis.Nil):
		return "", false
	default:
		c.report(ctx, OpGet, key, err)
		return "", false
	}
}

// Add stores query under hash, unless it is longer than the limit. A Redis
// failure is reported to the hook and otherwise ignored: the query is
// still served, the next request for it by hash will just miss.
func (c *Cache) Add(ctx context.Context, hash, query string) {
	key := c.prefix + hash
	if len(hash) > maxKeyBytes {
		return
	}
	if c.maxQueryBytes > 0 && len(query) > c.maxQueryBytes {
		c.report(ctx, OpAdd, key, fmt.Errorf("%w (%d > %d bytes)", ErrQueryTooLarge, len(query), c.maxQueryBytes))
		return
	}
	opCtx, cancel := c.bound(ctx)
	defer cancel()
	// SET, not SET NX: the extension has checked that hash is the query's
	// SHA-256, so an existing value is the same query and overwriting it
	// only renews its expiry.
	if err := c.client.Set(opCtx, key, query, c.ttl).Err(); err != nil {
		c.report(ctx, OpAdd, key, err)
	}
}

func (c *Cache) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if c.timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, c.timeout)
}

func (c *Cache) report(ctx context.Context, op Op, key string, err error) {
	if c.onError != nil {
		c.onError(ctx, op, key, fmt.Errorf("redisapq: %s %s: %w", op, key, err))
	}
}
