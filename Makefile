# The logic lives in scripts/; each script's header lists the settings it reads
# (PORT, DATA_DIR, DATABASE_URL, TEST_PG_PORT, ...), e.g. `make run PORT=9000`.
.PHONY: run test lint bench

run:
	@scripts/run.sh

test:
	@scripts/test.sh

lint:
	@scripts/ensure-deps.sh
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	npm --prefix web run api:types -- --check
	npm --prefix web run typecheck
	npm --prefix web run lint
	npm --prefix web run format:check

bench:
	@scripts/bench.sh
