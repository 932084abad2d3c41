# AllowanceTracker developer commands. CI runs `bash .ci/run`, which does test, test-postgres,
# the seed/verify smoke check and e2e in one go.

SWIFT ?= swift
SERVE_HOST ?= 127.0.0.1
PORT ?= 8080
PG_PORT ?= 55432

.PHONY: help run test test-postgres stop-postgres e2e bench verify lint format ci

help:
	@echo "make run            serve on http://$(SERVE_HOST):$(PORT) (SQLite ./allowance.sqlite unless DATABASE_URL is set)"
	@echo "make test           swift test on SQLite"
	@echo "make test-postgres  start PostgreSQL 15 on 127.0.0.1:$(PG_PORT) and run swift test on it"
	@echo "make stop-postgres  stop that PostgreSQL"
	@echo "make e2e            browser tests (Tests/browser) against a server on a temporary SQLite file"
	@echo "make bench          benchmarks (scripts/bench.sh)"
	@echo "make verify         check every stored balance against its ledger"
	@echo "make lint / format  swift format with .swift-format"
	@echo "make ci             everything CI runs (.ci/run)"

run:
	$(SWIFT) run allowance-server serve --hostname $(SERVE_HOST) --port $(PORT)

test:
	$(SWIFT) test

# scripts/start-postgres.sh is idempotent: it reuses the server it started before.
test-postgres:
	@url="$$(PG_PORT=$(PG_PORT) bash scripts/start-postgres.sh)" && \
		echo "TEST_DATABASE_URL=$$url $(SWIFT) test" && \
		TEST_DATABASE_URL="$$url" $(SWIFT) test

stop-postgres:
	PG_PORT=$(PG_PORT) bash scripts/stop-postgres.sh

e2e:
	bash scripts/browser-tests.sh

bench:
	bash scripts/bench.sh

verify:
	$(SWIFT) run allowance-server verify

lint:
	$(SWIFT) format lint --strict -r Sources Tests

format:
	$(SWIFT) format format --in-place -r Sources Tests

ci:
	bash .ci/run
