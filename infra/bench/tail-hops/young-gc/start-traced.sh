# Sourced by platform.sh here and by ../../user-code-hop/probe/platform.sh. `start_traced <log> [args…]`:
# `npm start` of the current folder on port 2700 with V8's collection trace (MOCKCTL_WORKERD_V8_FLAGS, a build
# of its own; EXTRA_V8_FLAGS adds more), its output unbuffered into <log>, waiting until it is ready.
start_traced() {
  local log=$1
  shift
  MOCKCTL_WORKERD_V8_FLAGS="--trace-gc-nvp ${EXTRA_V8_FLAGS:-}" script -q -c \
    "node --max-semi-space-size=1 infra/local/start.mjs --port 2700 $*" /dev/null > "$log" 2>&1 &
  for _ in $(seq 120); do grep -q "platform ready" "$log" 2>/dev/null && break; sleep 0.5; done
  grep -q "platform ready" "$log" || { cat "$log"; exit 1; }
}
