# tracker: a terminal issue tracker on PostgreSQL.
#   make run     install what is missing, build, start the private PostgreSQL, open tracker
#   make test    the same set-up, then lint and the whole test suite
PREFIX ?= /usr/local
SWIFT ?= swift
CONFIG ?= debug
ARGS ?=
BIN_DIR = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)
# Release builds carry the Swift runtime and Foundation inside the binary: no dynamic loading of
# them at every start (BENCHMARKS.md, "Start-up", measures what it buys).
# …and linked for a fast start where this machine allows (scripts/release-flags.sh says how).
PIE ?= no
RELEASE_FLAGS = $(shell PIE=$(PIE) scripts/release-flags.sh)
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib $(RELEASE_FLAGS)
RELEASE_BIN = $$($(SWIFT) build -c release --show-bin-path)

.PHONY: all deps build run test bench bench-projects bench-watch bench-screen lint format install uninstall db-start db-stop clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build -c $(CONFIG) $(if $(filter release,$(CONFIG)),--static-swift-stdlib $(RELEASE_FLAGS))

# Everything but tracker's own output goes to stderr (the build log, make's echo is off), so
# `make run ARGS="list --json" | jq` reads only tracker's JSON.
run:
	@scripts/install-deps.sh 1>&2
	@$(SWIFT) build -c $(CONFIG) $(if $(filter release,$(CONFIG)),--static-swift-stdlib $(RELEASE_FLAGS)) 1>&2
	@"$(BIN_DIR)/tracker" $(ARGS)

# The tests start their own throwaway PostgreSQL (or use DATABASE_URL when set) and stop it
# when they exit; the last step also stops any a crashed run left behind. The folder is in
# /tmp because, when run as root, the server runs as `postgres` and must be able to reach it.
test: deps lint
	$(SWIFT) build --build-tests
	tmp=$$(mktemp -d /tmp/tracker-tests.XXXXXX) && chmod 755 "$$tmp" && \
	  TRACKER_TEST_TMPDIR="$$tmp" $(SWIFT) test --skip-build; \
	  status=$$?; scripts/stop-test-clusters.sh "$$tmp"; \
	  python3 scripts/check-terminal-output.py "$$tmp" || status=1; rm -rf "$$tmp"; exit $$status

# Benchmarks: medians beside psql at 10k, 100k and 1M issues (slow: it seeds 1M issues).
# BENCH_SIZES=10000,100000 make bench for a shorter run.
BENCH_SIZES ?= 10000,100000,1000000
BENCH_RESULTS ?= /tmp/tracker-bench-results.jsonl
comma = ,
bench: deps
	@scripts/install-deps.sh --bench
	$(RELEASE_BUILD)
	rm -f "$(BENCH_RESULTS)"
	python3 scripts/bench.py "$(RELEASE_BIN)/tracker" --sizes $(BENCH_SIZES) --results "$(BENCH_RESULTS)"
	for size in $(subst $(comma), ,$(BENCH_SIZES)); do \
		python3 scripts/bench-instructions.py "$(RELEASE_BIN)/tracker" --size $$size --results "$(BENCH_RESULTS)" || exit 1; \
		python3 scripts/bench-replay.py "$(RELEASE_BIN)/tracker" --size $$size --results "$(BENCH_RESULTS)" || exit 1; \
		python3 scripts/bench-replay.py "$(RELEASE_BIN)/tracker" --size $$size --tcp --results "$(BENCH_RESULTS)" || exit 1; \
	done
	python3 scripts/bench-phases.py "$(RELEASE_BIN)/tracker" --size 10000
	python3 scripts/bench-latency.py "$(RELEASE_BIN)/tracker" --size 10000 --results "$(BENCH_RESULTS)"
	python3 scripts/bench-latency.py "$(RELEASE_BIN)/tracker" --size $(lastword $(subst $(comma), ,$(BENCH_SIZES))) \
		--results "$(BENCH_RESULTS)"
	python3 scripts/bench-watch.py "$(RELEASE_BIN)/tracker"
	python3 scripts/bench-screen.py "$(RELEASE_BIN)/tracker" --size 100000
	python3 scripts/bench-projects.py "$(RELEASE_BIN)/tracker" --results "$(BENCH_RESULTS)"
	python3 scripts/bench-targets.py "$(BENCH_RESULTS)"

# Only the projects' rows: 1,000,000 issues across 20 projects, beside psql.
bench-projects: deps
	@scripts/install-deps.sh --bench
	$(RELEASE_BUILD)
	python3 scripts/bench-projects.py "$(RELEASE_BIN)/tracker"

# Only the full screen's latency: a key press to the screen drawn again, at 100,000 issues.
bench-screen: deps
	$(RELEASE_BUILD)
	python3 scripts/bench-screen.py "$(RELEASE_BIN)/tracker" --size 100000

# Only the live-updates part of the bench: tracker watch's latency and what watchers cost a write.
bench-watch: deps
	$(RELEASE_BUILD)
	python3 scripts/bench-watch.py "$(RELEASE_BIN)/tracker"

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Plugins Sources Tests

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Plugins Sources Tests

# The binary, its man page (swift-argument-parser's generate-manual plugin, from the dependency we
# have: it builds the release product and reads its --experimental-dump-help) and completions for
# bash, zsh and fish (the binary writes them). The plugin links the product without
# --static-swift-stdlib, so the release build runs after it (a relink) and that binary is installed.
MAN_PAGE = .build/plugins/GenerateManual/outputs/tracker/tracker.1
SHARE = $(DESTDIR)$(PREFIX)/share
install: deps
	$(SWIFT) package generate-manual --configuration release --date 2026-01-01
	$(RELEASE_BUILD)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(SHARE)/man/man1" "$(SHARE)/bash-completion/completions" \
		"$(SHARE)/zsh/site-functions" "$(SHARE)/fish/vendor_completions.d"
	install -m 755 "$(RELEASE_BIN)/tracker" "$(DESTDIR)$(PREFIX)/bin/tracker"
	install -m 644 "$(MAN_PAGE)" "$(SHARE)/man/man1/tracker.1"
	"$(RELEASE_BIN)/tracker" --generate-completion-script bash > "$(SHARE)/bash-completion/completions/tracker"
	"$(RELEASE_BIN)/tracker" --generate-completion-script zsh > "$(SHARE)/zsh/site-functions/_tracker"
	"$(RELEASE_BIN)/tracker" --generate-completion-script fish > "$(SHARE)/fish/vendor_completions.d/tracker.fish"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/tracker" "$(SHARE)/man/man1/tracker.1" \
		"$(SHARE)/bash-completion/completions/tracker" "$(SHARE)/zsh/site-functions/_tracker" \
		"$(SHARE)/fish/vendor_completions.d/tracker.fish"

db-start: build
	"$(BIN_DIR)/tracker" db start

db-stop: build
	"$(BIN_DIR)/tracker" db stop

clean:
	$(SWIFT) package clean
