#!/usr/bin/env bash
# Runs sqlmap (Debian package) against the search, topic, ranking and auth endpoints of a fresh
# Podium server with demo data, and fails when sqlmap reports any injectable parameter.
# Usage: bash scripts/security/sqlmap.sh [sqlite|postgres]   (postgres needs TEST_DATABASE_URL)
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v sqlmap >/dev/null || { echo "sqlmap is missing: apt-get install -y sqlmap" >&2; exit 2; }

kind="${1:-sqlite}"
port="${SQLMAP_PORT:-3917}"
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

env_args=(PORT="$port" DATA_DIR="$work/data" SEED=demo LOG_LEVEL=warn AUTH_RATE_LIMIT_PER_MINUTE=1000000 PASSWORD_CHECKS_PER_ADDRESS=1000000 PASSWORD_FAILURES_PER_ACCOUNT=1000000)
if [ "$kind" = postgres ]; then
  db="podium_sqlmap_$$"
  psql "${TEST_DATABASE_URL:?}" -qc "create database $db" >/dev/null
  trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"; psql "$TEST_DATABASE_URL" -qc "drop database if exists $db with (force)" >/dev/null' EXIT
  env_args+=(DATABASE_URL="${TEST_DATABASE_URL%/*}/$db")
fi
env "${env_args[@]}" node --import tsx server/main.ts > "$work/server.log" 2>&1 &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 120); do curl -fs "$base/api/health" >/dev/null 2>&1 && break; sleep 0.5; done

common=(--batch --disable-coloring --level=2 --risk=1 --threads=4 --time-sec=2 --output-dir="$work/sqlmap" --flush-session)
targets=(
  "-u $base/api/search/smart?q=pizza&lang=en"
  "-u $base/api/search/predictive?q=pizz&lang=fr"
  "-u $base/api/search/categories?lang=en&q=pizza"
  "-u $base/api/topics/popular/en?limit=5&offset=0"
  "-u $base/api/topics/1*?language=en"
  "-u $base/api/search/rankings/topic/1*?language=en"
  "-u $base/api/auth/login --data={\"email\":\"chloe.martin@example.com\",\"password\":\"x\"} --headers=Content-Type:application/json --ignore-code=401"
)
found=0
for target in "${targets[@]}"; do
  echo "== sqlmap $target"
  # shellcheck disable=SC2086
  out="$(sqlmap $target "${common[@]}" 2>&1 || true)"
  echo "$out" | grep -E "injectable|identified the following injection|all tested parameters|CRITICAL|ERROR" | sort -u | sed 's/^/   /'
  if echo "$out" | grep -q "identified the following injection point"; then found=1; fi
done
if [ "$found" -ne 0 ]; then echo "sqlmap found an injectable parameter" >&2; exit 1; fi
echo "sqlmap: no injectable parameter found ($kind)"
