# SPDX-License-Identifier: Apache-2.0

# Three packages: the libraries (the root), the samples with their terminal layer (Samples/,
# needs libedit) and the benchmark (Benchmarks/). Each target asks only for the Debian packages
# it needs besides the Swift toolchain.
SAMPLES_PACKAGES ?= libedit-dev
E2E_PACKAGES ?= libedit-dev tmux
SWIFT ?= swift
SAMPLES := --package-path Samples
BENCHMARKS := --package-path Benchmarks
SOURCE_DIRS := Package.swift WorkflowReactive Workflow WorkflowTesting Tests \
	Samples/Package.swift Samples/Apps Samples/SampleSupport Samples/TerminalUI Samples/Tests \
	Samples/TicTacToe Samples/Todo Samples/Timers Samples/Split Samples/Search Samples/Launcher \
	Benchmarks/Package.swift Benchmarks/workflow-bench

.PHONY: all test test-libraries test-samples test-tsan demo e2e transcripts bench docs format \
	lint check-unsafe

all: test

# The whole test suite: the libraries' tests, then the samples' (each ends with its summary).
test: test-libraries test-samples

test-libraries:
	$(SWIFT) build --build-tests
	$(SWIFT) test

test-samples:
	scripts/ensure-packages.sh $(SAMPLES_PACKAGES)
	$(SWIFT) build $(SAMPLES) --build-tests
	$(SWIFT) test $(SAMPLES)

# The whole test suite under the thread sanitizer, in its own build folders.
test-tsan:
	scripts/ensure-packages.sh $(SAMPLES_PACKAGES)
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --no-parallel
	$(SWIFT) test $(SAMPLES) --sanitize=thread --scratch-path Samples/.build-tsan --no-parallel

# The sample apps' launcher: pick an app from the menu (see the README's samples table).
demo:
	scripts/ensure-packages.sh $(SAMPLES_PACKAGES)
	$(SWIFT) build $(SAMPLES) --product samples
	scripts/run-in-foreground.sh "$$($(SWIFT) build $(SAMPLES) --show-bin-path)/samples"

# The end-to-end check of the launcher in tmux (tab completion, history, live timer, Ctrl-C/D).
e2e:
	scripts/ensure-packages.sh $(E2E_PACKAGES)
	$(SWIFT) build $(SAMPLES) --product samples
	scripts/e2e-tmux.sh

# Regenerates the golden transcripts in Samples/Tests/Transcripts after an intended change.
transcripts:
	scripts/ensure-packages.sh $(SAMPLES_PACKAGES)
	$(SWIFT) build $(SAMPLES) --build-tests
	UPDATE_TRANSCRIPTS=1 $(SWIFT) test $(SAMPLES) --filter TranscriptTests
	git diff --stat -- Samples/Tests/Transcripts

# The benchmark, built for release. Pass scenario ids with ARGS, e.g. `make bench ARGS="S1 S3"`.
bench:
	scripts/ensure-packages.sh $(SAMPLES_PACKAGES)
	$(SWIFT) run -c release $(BENCHMARKS) workflow-bench $(ARGS)

# The documentation of every module as one static site in docs-site/. Fails on any DocC
# warning, broken link or public symbol without a doc comment. DOCS_BASE_PATH is where the site
# is served (e.g. `make docs DOCS_BASE_PATH=workflow-swift` for https://<host>/workflow-swift/);
# DOCS_SOURCE_URL is where the articles' links to repository files go (empty: to pages of the
# site that show those files).
DOCS_BASE_PATH ?=
DOCS_SOURCE_URL ?=
docs:
	scripts/ensure-packages.sh $(SAMPLES_PACKAGES)
	SWIFT=$(SWIFT) DOCS_BASE_PATH="$(DOCS_BASE_PATH)" DOCS_SOURCE_URL="$(DOCS_SOURCE_URL)" \
		scripts/build-docs.sh

format:
	$(SWIFT) format -i -r $(SOURCE_DIRS)

lint:
	$(SWIFT) format lint --strict -r $(SOURCE_DIRS)

# Fails on an unsafe token in the libraries that scripts/unsafe-allowlist.txt does not list (with
# the benchmark row it pays for), or on a listed one that is gone.
check-unsafe:
	scripts/check-unsafe.sh
