# Sourced by burst.sh and overload.sh: `on_one_core <checkout>` starts `npm start` of a checkout on CPU 0 at
# port 2700 with the decorate imposter on 4600 (imposter.sh), every process it runs pinned there, and stops it
# (and removes $TMP) when the script exits.
on_one_core() {
  TMP=$(mktemp -d)
  trap 'pkill -INT -f "start.mjs --port 2700" || true
    while pgrep -f "start.mjs --port 2700" > /dev/null; do sleep 0.2; done
    rm -rf "$TMP"' EXIT
  cd "$1"
  taskset -c 0 node infra/local/start.mjs --port 2700 --allowInjection --data "$TMP/data" > "$TMP/out.log" 2>&1 &
  for _ in $(seq 120); do grep -q "platform ready" "$TMP/out.log" 2> /dev/null && break; sleep 0.5; done
  source "$HERE/imposter.sh"
  create_imposter http://127.0.0.1:2700 4600
  curl -sf http://127.0.0.1:2700/i/4600/decorate/0 && echo
  for pid in $(pgrep -f "start.mjs --port 2700|workerd serve"); do taskset -a -p 0x1 "$pid" > /dev/null; done
}
