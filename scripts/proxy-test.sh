#!/usr/bin/env bash
# The documented TLS set-up (docs/server.md, "Behind a reverse proxy"), tested end to end:
# nginx (Debian's package) terminates TLS with a certificate made here, passes the WebSocket
# upgrade through to `villainy serve` on 127.0.0.1, and sets X-Forwarded-For, which the server
# trusts because it is started with --trust-proxy 127.0.0.1. scripts/proxy_game.py then plays a
# whole game over https:// and wss://. Usage: scripts/proxy-test.sh PATH/TO/villainy
set -euo pipefail
villainy=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx_bin" ] || { echo "proxy test: nginx is not installed (scripts/install-deps.sh)"; exit 1; }
work=$(mktemp -d /tmp/villainy-proxy-XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
app_port=$(free_port)
tls_port=$(free_port)

# A certificate for localhost, made for this run only.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null

mkdir -p "$work/logs" "$work/tmp"
sed -e "s|@WORK@|$work|g" -e "s|@TLS_PORT@|$tls_port|g" -e "s|@APP_PORT@|$app_port|g" \
  "$here/nginx-villainy.conf" > "$work/nginx.conf"

"$villainy" serve --host 127.0.0.1 --port "$app_port" --data "$work/data" --bot-pace-ms 0 \
  --trust-proxy 127.0.0.1 --create-per-minute 3 --max-connections-per-address 1 > "$work/serve.log" 2>&1 &
pids+=($!)
"$nginx_bin" -p "$work" -c "$work/nginx.conf" -g "daemon off; pid $work/nginx.pid;" \
  > "$work/nginx.out" 2>&1 &
pids+=($!)

# Ready when both answer (the server's /healthz through nginx).
for _ in $(seq 1 200); do
  if /usr/bin/python3 - "$tls_port" "$work/cert.pem" <<'PY' 2>/dev/null; then break; fi
import http.client, ssl, sys
c = http.client.HTTPSConnection("localhost", int(sys.argv[1]), timeout=1,
                                context=ssl.create_default_context(cafile=sys.argv[2]))
c.request("GET", "/healthz")
sys.exit(0 if c.getresponse().status == 200 else 1)
PY
  sleep 0.05
done

if ! /usr/bin/python3 "$here/proxy_game.py" localhost "$tls_port" "$work/cert.pem"; then
  echo "--- villainy serve:"; tail -20 "$work/serve.log"
  echo "--- nginx:"; tail -20 "$work/logs/error.log" 2>/dev/null || true; cat "$work/nginx.out"
  exit 1
fi
