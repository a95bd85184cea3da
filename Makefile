# SPDX-License-Identifier: Apache-2.0

# Debian packages the build needs besides the Swift toolchain (installed by `make test`/`demo`).
SYSTEM_PACKAGES ?= libedit-dev tmux
SWIFT ?= swift
SOURCE_DIRS := Package.swift WorkflowReactive Workflow WorkflowTesting Samples Tests Benchmarks

.PHONY: all packages test test-tsan demo e2e transcripts bench docs format lint

all: test

packages:
	scripts/ensure-packages.sh $(SYSTEM_PACKAGES)

# The whole test suite.
test: packages
	$(SWIFT) build --build-tests
	$(SWIFT) test

# The whole test suite under the thread sanitizer, in its own build folder.
test-tsan: packages
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --no-parallel

# The sample apps' launcher: pick an app from the menu (see the README's samples table).
demo: packages
	$(SWIFT) run samples

# The end-to-end check of the launcher in tmux (tab completion, history, live timer, Ctrl-C/D).
e2e: packages
	$(SWIFT) build --product samples
	scripts/e2e-tmux.sh

# Regenerates the golden transcripts in Tests/Transcripts after an intended output change.
transcripts: packages
	$(SWIFT) build --build-tests
	UPDATE_TRANSCRIPTS=1 $(SWIFT) test --filter TranscriptTests
	git diff --stat -- Tests/Transcripts

# The benchmark, built for release. Pass scenario ids with ARGS, e.g. `make bench ARGS="S1 S3"`.
bench:
	$(SWIFT) run -c release workflow-bench $(ARGS)

# The DocC documentation of every module, as a static site in docs-site/. Fails on any DocC
# warning and on any public symbol without a doc comment.
docs: packages
	SWIFT=$(SWIFT) scripts/build-docs.sh

format:
	$(SWIFT) format -i -r $(SOURCE_DIRS)

lint:
	$(SWIFT) format lint --strict -r $(SOURCE_DIRS)
