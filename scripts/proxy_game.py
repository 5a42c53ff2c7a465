#!/usr/bin/env python3
"""Plays one game through a TLS reverse proxy (scripts/proxy-test.sh): creates a table over
https://, joins it, plays every turn over wss:// (the first offered choice) until the end, and
checks what the proxy set-up must give: security headers through the proxy, the upgrade passed
through, and the client's address taken from the proxy's header (a spoofed X-Forwarded-For does
not escape the per-address limit). Standard library only."""
import base64
import http.client
import json
import os
import socket
import ssl
import struct
import sys

host, port, cafile = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ctx = ssl.create_default_context(cafile=cafile)


def request(method, path, body=None, headers=None):
    c = http.client.HTTPSConnection(host, port, context=ctx, timeout=10)
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    c.request(method, path, body=data, headers=h)
    r = c.getresponse()
    text = r.read()
    c.close()
    return r.status, dict(r.getheaders()), (json.loads(text) if text else None)


def fail(why):
    print("proxy game: FAILED:", why)
    sys.exit(1)


status, headers, body = request("GET", "/healthz")
if status != 200 or not body.get("ok"):
    fail(f"/healthz through the proxy: {status} {body}")
if "frame-ancestors 'none'" not in headers.get("Content-Security-Policy", ""):
    fail(f"no CSP through the proxy: {headers}")

seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
status, _, created = request("POST", "/api/tables",
                             {"game": "cheaty-mages", "players": 3, "seats": seats})
if status != 201:
    fail(f"create: {status} {created}")
table = created["table"]
status, _, joined = request("POST", f"/api/tables/{table}/join",
                            {"invite": created["invitations"][0]["invite"], "name": "Proxy"})
if status != 200:
    fail(f"join: {status} {joined}")


class Wss:
    def __init__(self):
        raw = socket.create_connection((host, port), timeout=10)
        self.s = ctx.wrap_socket(raw, server_hostname=host)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall((f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                        f"Sec-WebSocket-Version: 13\r\nOrigin: https://{host}:{port}\r\n\r\n").encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            chunk = self.s.recv(4096)
            if not chunk:
                fail("the upgrade got no answer")
            self.buf += chunk
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            fail("upgrade refused: " + head.decode(errors="replace"))
        self.message = b""

    def send(self, obj):
        p = json.dumps(obj).encode()
        mask = os.urandom(4)
        head = bytes([0x81])
        head += bytes([0x80 | len(p)]) if len(p) < 126 else bytes([0x80 | 126]) + struct.pack("!H", len(p))
        self.s.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(p)))

    def _need(self, n):
        while len(self.buf) < n:
            chunk = self.s.recv(65536)
            if not chunk:
                return False
            self.buf += chunk
        return True

    def recv(self):
        while True:
            if not self._need(2):
                return None
            b0, b1 = self.buf[0], self.buf[1]
            n, off = b1 & 0x7F, 2
            if n == 126:
                if not self._need(4):
                    return None
                n, off = struct.unpack("!H", self.buf[2:4])[0], 4
            elif n == 127:
                if not self._need(10):
                    return None
                n, off = struct.unpack("!Q", self.buf[2:10])[0], 10
            if not self._need(off + n):
                return None
            payload, self.buf = self.buf[off:off + n], self.buf[off + n:]
            op = b0 & 0x0F
            if op == 0x8:
                return None
            if op == 0x9:  # the server's keep-alive ping: answer it
                mask = os.urandom(4)
                self.s.sendall(bytes([0x8A, 0x80 | len(payload)]) + mask +
                               bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
                continue
            if op in (0x1, 0x0):
                self.message += payload
                if b0 & 0x80:
                    m, self.message = self.message, b""
                    return json.loads(m)


ws = Wss()
ws.send({"type": "hello", "protocol": 1, "table": table, "credential": joined["credential"],
         "last_seq": 0})
turns = 0
while True:
    m = ws.recv()
    if m is None:
        fail("the connection ended before the game")
    if m["type"] == "error":
        fail(f"error frame: {m}")
    if m["type"] != "view":
        continue
    if m["status"] == "finished":
        break
    if m["choices"]:
        ws.send({"type": "choice", "action": m["choices"][0]["id"], "seq": m["seq"]})
        turns += 1

# The client's address is the proxy's rightmost X-Forwarded-For entry: a spoofed one in front of
# it does not give a fresh bucket (the server runs with --create-per-minute 3; one used above).
codes = []
for i in range(4):
    s, _, b = request("POST", "/api/tables",
                      {"game": "cheaty-mages", "players": 3, "seats": seats},
                      headers={"X-Forwarded-For": f"10.0.0.{i + 1}"})
    codes.append(s)
if codes.count(429) != 2:
    fail(f"spoofed X-Forwarded-For escaped the per-address limit: {codes}")
print(f"proxy game: finished over wss:// in {turns} turns; creations with spoofed "
      f"X-Forwarded-For: {codes}")
