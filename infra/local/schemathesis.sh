#!/usr/bin/env bash
# Installs schemathesis (PyPI) into a venv under node_modules/.cache when it is missing, for
# schema-fuzz.test.ts: the admin API fuzzed from its OpenAPI document (issue 11). Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV=node_modules/.cache/schemathesis
VERSION=4.32.5
if [ -x "$VENV/bin/st" ] && "$VENV/bin/st" --version 2>/dev/null | grep -q "$VERSION"; then exit 0; fi
python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION"
"$VENV/bin/st" --version
