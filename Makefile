# The one test command (README, .ci/run): gofmt, then every package's tests
# once per codec build tag with the full go vet (-vet=all: every analyzer
# `go vet` runs, on every package, test files included, in the same pass
# that compiles the tests, instead of a separate `go vet` per tag that
# type-checked everything a second time), then the clean-room check. A
# package whose test binary is the same under every tag runs once (see
# tools/tagplan: what is left out, and why, is printed at each run).
SHELL := /bin/bash
TAGS := none go_json sonic jsoniter
GO ?= go
# go test under each of $(TAGS), once per distinct test binary (tools/tagplan).
TAGPLAN = $(GO) run ./tools/tagplan -tags "$(TAGS)" -testflags "-count=1 -timeout 30m -vet=all"

# $(call need,TOOL,STEP,WHAT): TOOL missing fails the step under CI=true
# (CI must not pass without its parts) and outside CI says loudly that
# WHAT is skipped; it sets the shell variable have_TOOL=1 when present.
need = if command -v $(1) >/dev/null; then have_$(1)=1; \
	elif [ "$$CI" = true ]; then echo "== $(2): FAILED: $(1) is not installed, and CI=true needs it for $(3)"; exit 1; \
	else echo "== $(2): $(1) is NOT INSTALLED: $(3) SKIPPED"; have_$(1)=; fi

.PHONY: test fmt vet cross test-tags test-jsonv2 examples integration overlap compat demo bench-codec fuzz-codec scaleout migration doc-commands charts fresh

test: fmt test-tags examples integration overlap

# go vet alone (make test vets through go test -vet=all).
vet: fmt
	@for t in $(TAGS); do tag=$${t/none/}; echo "== go vet -tags '$$tag'"; $(GO) vet -tags "$$tag" ./... || exit 1; done

fmt:
	@bad=$$(gofmt -l $$(git ls-files '*.go' | grep -v /testdata/)); if [ -n "$$bad" ]; then echo "not gofmt-ed:"; echo "$$bad"; exit 1; fi

# A package whose test binary is built from the same files under every tag
# (nothing it links selects a file by codec tag) runs once, under no tag:
# tools/tagplan works that out from go list at each run and prints it.
test-tags:
	@$(TAGPLAN) ./...

# Is the committed generated code (every module's) what the generator
# writes today? The same check as _examples' TestGeneratedCodeIsFresh.
fresh:
	$(GO) run ./tools/genfresh/cmd

# The _examples modules (each its own go.mod with a replace to this
# checkout): _examples itself (the example servers), benchmark and
# federation; tests with the full go vet (-vet=all) under every codec tag. The untagged run also
# regenerates the generated code and fails if any is stale. Benchmarks are
# run by _examples/benchmark/compare.sh. The federation example's gateway
# test needs Node and npm (a dependency of the gateway declares Node >=
# 22.15; npm warns on older ones): it runs npm ci itself when
# gateway/node_modules is missing or older than package-lock.json (so once),
# and without npm it is skipped with a message (fails under CI=true). The
# trusted documents example's manifest test does the same in
# trusteddocs/client (Apollo's manifest generator).
examples:
	@$(call need,node,examples,the Apollo gateway test of _examples/federation and the manifest test of _examples/trusteddocs); \
	$(call need,npm,examples,the Apollo gateway test of _examples/federation and the manifest test of _examples/trusteddocs); \
	for m in . benchmark federation; do \
		$(TAGPLAN) -C _examples/$$m ./... || exit 1; done

# The integration module (its own go.mod, replace => ..): a server generated
# by this generator, built once per codec tag, against real JS clients
# (Apollo Client, urql, graphql-ws, graphql-sse, uploads, trusted documents
# with Apollo's manifest generator and persisted-queries link), the graphql-http
# conformance audits and the playgrounds in headless Chromium (the binary
# the @sparticuz/chromium npm package ships), on Node's test runner; first
# the contrib/playgroundassets module's own tests. Needs Node >= 20.11 and
# npm; npm ci fetches the pinned packages, once: it is skipped while
# node_modules holds what the last npm ci installed from the same
# package.json, package-lock.json and Node version (a stamp file it writes).
integration:
	@$(MAKE) --no-print-directory scaleout
	@$(call need,node,integration,the JS clients, audits and browser tests); \
	$(call need,npm,integration,the JS clients, audits and browser tests); \
	if [ -z "$$have_node" ] || [ -z "$$have_npm" ]; then exit 0; fi; \
	echo "== integration: go vet, npm ci, then the JS clients against each codec tag"; \
	$(TAGPLAN) -C contrib/playgroundassets ./... && \
	cd integration && $(GO) vet ./server/... && \
	stamp=node_modules/.gqlgen-npm-ci && want="$$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1) node $$(node --version)" && \
	if [ "$$(cat $$stamp 2>/dev/null)" = "$$want" ]; then echo "== integration: node_modules is what npm ci installed from package-lock.json: not run again"; \
	else npm ci --no-audit --no-fund --loglevel=error && echo "$$want" > $$stamp; fi && \
	CODEC_TAGS="$(TAGS)" GO="$(GO)" node scripts/run.mjs

# The scale-out module (_examples/scaleout, its own go.mod): Redis APQ cache
# and pub/sub broker, and two replica processes of a generated server behind
# one real redis-server, per codec tag. Installs redis-server with apt-get
# when it is missing (the tests skip loudly without it, and fail with CI=true).
scaleout:
	@command -v redis-server >/dev/null || { command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server; } || \
		echo "== scaleout: redis-server could not be installed"
	@$(call need,redis-server,scaleout,the Redis APQ, pub/sub and two-replica tests); \
	$(TAGPLAN) -C _examples/scaleout ./...

# upstream-overlap lists runs of 8+ lines identical to upstream gqlgen; the
# project is a clean-room rewrite, so any run fails the build.
OVERLAP := ../shared/tools/upstream-overlap
overlap:
	@if [ ! -x $(OVERLAP) ]; then \
		if [ "$$CI" = true ]; then echo "== overlap: FAILED: $(OVERLAP) is missing, and CI=true needs the clean-room check"; exit 1; fi; \
		echo "== overlap: $(OVERLAP) is MISSING: the clean-room check is SKIPPED"; exit 0; fi; \
	out=$$($(OVERLAP) .); echo "$$out"; \
	n=$$(printf '%s\n' "$$out" | sed -n 's/^upstream-overlap: \([0-9]*\) runs.*/\1/p'); \
	if [ -z "$$n" ]; then echo "== overlap: FAILED: upstream-overlap printed no count"; exit 1; fi; \
	test "$$n" -eq 0

# Upstream v0.17.98's fixtures and tests against a temporary copy of this
# checkout. COMPAT_MODE=typecheck|test|regen; COMPAT_MIN=N fails below N%.
compat:
	$(GO) run ./tools/compat $(COMPAT_FLAGS)

# The demo server: playground at http://localhost:8080/, API at /query.
# DEMO_TAGS (not TAGS, which make test uses) picks the codec: make demo DEMO_TAGS=sonic.
demo:
	$(GO) run -tags "$(DEMO_TAGS)" ./tools/demo

bench-codec:
	@for t in $(TAGS); do tag=$${t/none/}; echo "== codec benchmarks -tags '$$tag'"; $(GO) test -tags "$$tag" -run '^$$' -bench . -benchmem ./codec/ || exit 1; done

# Every fuzz target of the JSON packages, found with go test -list, so a
# new one cannot be left out: codec's and graphql's (the wire string
# writer) under each codec tag, internal/jsonscan's (no tag changes it)
# once, with the pure-Go escape kernel too. FUZZTIME per target (20s).
FUZZ_TAGGED := ./codec/ ./graphql/
FUZZ_UNTAGGED := ./internal/jsonscan/
fuzz = for f in $$($(GO) test -tags "$(1)" -list '^Fuzz' $(2) | grep '^Fuzz'); do echo "== fuzz $$f $(2) -tags '$(1)'"; \
	$(GO) test -tags "$(1)" -run '^$$' -fuzz "^$$f\$$" -fuzztime $${FUZZTIME:-20s} $(2) || exit 1; done
fuzz-codec:
	@for t in $(TAGS); do tag=$${t/none/}; for p in $(FUZZ_TAGGED); do $(call fuzz,$$tag,$$p); done; done
	@for tag in "" purego; do for p in $(FUZZ_UNTAGGED); do $(call fuzz,$$tag,$$p); done; done

# encoding/json on v2 (GOEXPERIMENT=jsonv2), with the jsonv2 codec and with
# no tag: the packages whose bytes and errors come from the JSON library
# must still give upstream's (encoding/json without the experiment), the
# wire corpus and the codec conformance corpus included. (That -tags jsonv2
# fails to build without the experiment, and says how to turn it on, is
# codec's TestBuildTags, run by test-tags.)
JSONV2_PKGS := ./codec/... ./graphql/... ./internal/jsonscan/... ./tools/wiregolden/...
test-jsonv2:
	@for t in jsonv2 none; do tag=$${t/none/}; echo "== GOEXPERIMENT=jsonv2 go test -tags '$$tag'"; \
		GOEXPERIMENT=jsonv2 $(GO) test -count=1 -tags "$$tag" $(JSONV2_PKGS) || exit 1; done

# Builds CI's machine does not run: the pure-Go kernels of
# internal/jsonscan (the purego tag, and what every non-amd64 platform
# builds) tested here, and every package, tests included, vetted for arm64;
# under each codec tag (sonic falls back to encoding/json there) the
# packages with files a codec tag selects.
TAGGED_DIRS = $$(git ls-files '*.go' | grep -v '^_examples/\|^integration/' | xargs grep -l '^//go:build.*\(go_json\|sonic\|jsoniter\)' | xargs -n1 dirname | sort -u | sed 's|^|./|')
cross:
	@echo "== go test -tags purego ./internal/jsonscan/ ./codec/"; $(GO) test -count=1 -tags purego ./internal/jsonscan/ ./codec/
	@echo "== GOARCH=arm64 go vet ./..."; GOARCH=arm64 $(GO) vet ./...
	@for t in $(TAGS); do [ "$$t" = none ] && continue; echo "== GOARCH=arm64 go vet -tags '$$t'" $(TAGGED_DIRS); GOARCH=arm64 $(GO) vet -tags "$$t" $(TAGGED_DIRS) || exit 1; done

# docs/migrating.md done for real: a project on upstream gqlgen (Go module
# proxy), moved to this checkout and back (165 s on 2 cores, warm caches).
migration:
	bash scripts/migration-roundtrip.sh

# Every sh block of docs/getting-started.md and docs/migrating.md run as
# written, read from the pages (and the README's quick start checked to be
# their commands); needs the Go module proxy, so it is run by hand and in
# CI's .ci/run, not by make test.
doc-commands:
	bash scripts/doc-commands.sh

# Redraw the charts and rewrite the tables of figures (README.md,
# docs/performance.md) from the results files in docs/charts.
charts:
	$(GO) run ./docs/charts

.PHONY: lint race soak flake

# staticcheck over the core module (staticcheck.conf files say which checks
# and why): every package with no tag, then, under each codec tag, the
# packages that have files selected by a codec tag (only their files change
# with the tag; a full pass per tag would cost 4x for the same findings).
# Installed into ./bin from the Go proxy when missing or of another version,
# so a machine with only Go can run it.
STATICCHECK_VERSION := v0.8.2
STATICCHECK := $(CURDIR)/bin/staticcheck
lint:
	@if ! $(STATICCHECK) -version 2>/dev/null | grep -q "($(STATICCHECK_VERSION:v%=%))"; then \
		echo "== installing staticcheck $(STATICCHECK_VERSION) into ./bin"; \
		GOBIN=$(CURDIR)/bin $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) || exit 1; fi
	@echo "== staticcheck ./..."; $(STATICCHECK) ./...
	@dirs=$$(git ls-files '*.go' | grep -v '^_examples/\|^integration/' | xargs grep -l '^//go:build.*\(go_json\|sonic\|jsoniter\)' | xargs -n1 dirname | sort -u | sed 's|^|./|'); \
	for t in $(TAGS); do [ "$$t" = none ] && continue; echo "== staticcheck -tags '$$t'" $$dirs; $(STATICCHECK) -tags "$$t" $$dirs || exit 1; done

# The race detector over the runtime, transports and client (default codec)
# and over the codec packages under every tag.
race:
	@echo "== go test -race ./graphql/... ./client/..."; $(GO) test -race -count=1 ./graphql/... ./client/...
	@for t in $(TAGS); do tag=$${t/none/}; echo "== go test -race -tags '$$tag' ./codec/..."; $(GO) test -race -count=1 -tags "$$tag" ./codec/... || exit 1; done

# The flake check (by hand, not in CI: ~15 min): the transport, handler and
# client packages RUNS times (20) with -race beside BUSY (2) busy loops;
# stops at the first failing run (scripts/flake.sh).
flake:
	@bash scripts/flake.sh

# A soak of the integration server per codec tag (tools/soak/README.md):
# 60 s each by default; SOAK_TAGS and SOAK_FLAGS override.
SOAK_TAGS ?= $(TAGS)
soak:
	@for t in $(SOAK_TAGS); do echo "== soak -tag $$t $(SOAK_FLAGS)"; $(GO) run ./tools/soak -tag "$$t" $(SOAK_FLAGS) || exit 1; done

# The cost of a request over real HTTP (tools/soak/README.md, "cost"):
# this module's server, upstream v0.17.98's (same schema, resolvers and
# main, generated by upstream's generator in a temporary module from the Go
# module proxy) and a floor (plain net/http writing this module's bytes),
# each its own process, in alternating rounds under 50 keep-alive clients,
# for a small query and a mixed load; then one 1M-token query. Reports
# requests/s, server CPU and allocations per request and peak RSS, checks
# every answer's bytes, and keeps CPU and allocation profiles of this
# module's server. COST_ROUNDS (3) and COST_DURATION (8s per server per
# round: about 4 min in all) and COST_FLAGS (e.g. -out DIR) override.
COST_ROUNDS ?= 3
COST_DURATION ?= 8s
.PHONY: soak-cost
soak-cost:
	$(GO) run ./tools/soak/cost -rounds $(COST_ROUNDS) -duration $(COST_DURATION) $(COST_FLAGS)

# The developer's loop, ours against upstream v0.17.98: edit the schema,
# gqlgen generate, go build ./..., on ORM-like schemas (not part of make
# test; needs the Go module proxy). Knobs: LOOP_SIZES (300,2000),
# LOOP_ROUNDS (3), LOOP_SIDES, LOOP_WORK, LOOP_RESOLVER_YAML, LOOP_COMPILE;
# see _examples/benchmark/loop/README.md.
.PHONY: loop
loop:
	cd _examples/benchmark && nice -n 10 $(GO) run ./loop
