#!/usr/bin/env bash
# Lighthouse (mobile: its default form factor and simulated throttling) on the
# public pages of a running server, against Debian's Chromium. Prints, per page,
# each run's performance / accessibility / best-practices / SEO scores and LCP,
# FCP, TBT, CLS, then the median of each figure over the runs. Not part of `make test`.
#
#   scripts/lighthouse.sh [ROUTE ...]      default routes: / /buscador-precios /opiniones
#
# Settings: BASE_URL (http://127.0.0.1:8080, e.g. `make run`), RUNS (3),
# CHROME_PATH (/usr/bin/chromium), LIGHTHOUSE_DIR (.data/lighthouse: where the
# pinned `lighthouse` npm package is installed on first use, outside
# web/package.json so the web build and tests never pay for it), REPORT_DIR
# (.data/lighthouse/reports: one JSON report per page and run).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$REPO_ROOT"

# 12.x: the last line that runs on Node 20 (13 needs Node 22.19).
LIGHTHOUSE_VERSION=12.8.2
BASE_URL=${BASE_URL:-http://127.0.0.1:8080}
BASE_URL=${BASE_URL%/}
RUNS=${RUNS:-3}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
LIGHTHOUSE_DIR=${LIGHTHOUSE_DIR:-$REPO_ROOT/.data/lighthouse}
REPORT_DIR=${REPORT_DIR:-$LIGHTHOUSE_DIR/reports}
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive whole number, not '$RUNS'"
[ -x "$CHROME_PATH" ] || die "no Chromium at $CHROME_PATH (apt-get install chromium, or set CHROME_PATH)"
if [ $# -gt 0 ]; then ROUTES=("$@"); else ROUTES=(/ /buscador-precios /opiniones); fi

LH="$LIGHTHOUSE_DIR/node_modules/.bin/lighthouse"
installed=$(node -p "require('$LIGHTHOUSE_DIR/node_modules/lighthouse/package.json').version" 2>/dev/null || true)
if [ "$installed" != "$LIGHTHOUSE_VERSION" ]; then
  say "installing lighthouse@$LIGHTHOUSE_VERSION into $LIGHTHOUSE_DIR"
  mkdir -p "$LIGHTHOUSE_DIR"
  npm install --prefix "$LIGHTHOUSE_DIR" --no-audit --no-fund --no-save "lighthouse@$LIGHTHOUSE_VERSION" >/dev/null
fi

curl -fsS -o /dev/null --max-time 5 "$BASE_URL/" || die "nothing answers at $BASE_URL/ (start the server, or set BASE_URL)"
mkdir -p "$REPORT_DIR"
say "$("$CHROME_PATH" --version 2>/dev/null | head -1), lighthouse $LIGHTHOUSE_VERSION, $RUNS run(s) per page, $BASE_URL"

# No outside network here: keep Chromium from phoning home (updates, sync,
# field trials), which would also add noise to the throttled timings.
CHROME_FLAGS="--headless=new --no-sandbox --disable-gpu --disable-background-networking \
--disable-component-update --disable-sync --no-first-run"

reports=()
for route in "${ROUTES[@]}"; do
  name=$(printf '%s' "${route#/}" | tr -c 'a-zA-Z0-9-' '-')
  name=${name:-home}
  for run in $(seq 1 "$RUNS"); do
    out="$REPORT_DIR/$name-$run.json"
    # A loaded machine now and then loses the trace (NO_NAVSTART, NO_FCP): one more try.
    for attempt in 1 2; do
      if "$LH" "$BASE_URL$route" --quiet --output=json --output-path="$out" \
        --only-categories=performance,accessibility,best-practices,seo \
        --chrome-flags="$CHROME_FLAGS" >/dev/null; then
        break
      fi
      [ "$attempt" = 2 ] && die "lighthouse failed twice on $route"
      warn "lighthouse failed on $route (run $run); trying once more"
    done
    reports+=("$route=$out")
  done
done

node - "${reports[@]}" <<'EOF'
const { readFileSync } = require('node:fs');
const byRoute = new Map();
for (const arg of process.argv.slice(2)) {
  const i = arg.lastIndexOf('=');
  const route = arg.slice(0, i);
  const lhr = JSON.parse(readFileSync(arg.slice(i + 1), 'utf8'));
  const score = (c) => Math.round((lhr.categories[c]?.score ?? NaN) * 100);
  const metric = (a) => lhr.audits[a]?.numericValue ?? NaN;
  const row = {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    lcp: metric('largest-contentful-paint'),
    fcp: metric('first-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => a.id);
  row.failing = [...new Set(failing)];
  if (!byRoute.has(route)) byRoute.set(route, []);
  byRoute.get(route).push(row);
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const line = (label, r) =>
  `${label.padEnd(22)} ${String(r.perf).padStart(4)} ${String(r.a11y).padStart(4)} ` +
  `${String(r.bp).padStart(4)} ${String(r.seo).padStart(4)} ${(r.lcp / 1000).toFixed(2).padStart(6)} s ` +
  `${(r.fcp / 1000).toFixed(2).padStart(6)} s ${Math.round(r.tbt).toString().padStart(6)} ms ${r.cls.toFixed(3).padStart(6)}`;
console.log(`${'page'.padEnd(22)} perf a11y   bp  seo      LCP        FCP        TBT    CLS`);
for (const [route, rows] of byRoute) {
  rows.forEach((r, i) => console.log(line(`${route} #${i + 1}`, r)));
  const keys = ['perf', 'a11y', 'bp', 'seo', 'lcp', 'fcp', 'tbt', 'cls'];
  const med = Object.fromEntries(keys.map((k) => [k, median(rows.map((r) => r[k]))]));
  console.log(line(`${route} median`, med));
  const failing = [...new Set(rows.flatMap((r) => r.failing))];
  if (failing.length) console.log(`${''.padEnd(22)} below 0.9: ${failing.join(', ')}`);
}
EOF
