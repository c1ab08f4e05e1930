#!/usr/bin/env python3
"""Serves the files of a folder the way real servers misbehave, for the download matrix.

Usage: odd_http_server.py <folder>. Binds 127.0.0.1 on a free port and prints "port <n>".
Every path is /<mode>/<file name>:
  chunked/  HTTP/1.1, Transfer-Encoding: chunked (64 KB chunks), connection kept alive
  trickle/  Content-Length, the body in 16 KB pieces with a pause between them
  cut/      Content-Length of the whole file, then half of it and the connection closed
  gzip/     Content-Encoding: gzip
  short/    Content-Length 1000 bytes more than the body, then the connection closed
  long/     Content-Length 1000 bytes less than the body (the rest is sent anyway)
  status/<code>/<any>  that status and a short body
  redirect/<any>?to=<url>  302 to the URL
Not our Node code: Python's own http.server and socket handling.
"""
import gzip
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

FOLDER = sys.argv[1]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def read_file(self, name):
        path = os.path.join(FOLDER, os.path.basename(name))
        if not os.path.isfile(path):
            return None
        with open(path, "rb") as f:
            return f.read()

    def plain(self, code, text, extra=None):
        body = text.encode()
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        parts = url.path.strip("/").split("/")
        mode = parts[0]
        if mode == "redirect":
            target = parse_qs(url.query).get("to", ["/"])[0]
            return self.plain(302, "moved", {"Location": target})
        if mode == "status":
            return self.plain(int(parts[1]), "status " + parts[1])
        data = self.read_file(parts[-1])
        if data is None:
            return self.plain(404, "not found")
        self.send_response(200)
        self.send_header("Content-Type", "audio/wav")
        if mode == "chunked":
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for i in range(0, len(data), 65536):
                piece = data[i : i + 65536]
                self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
            self.wfile.write(b"0\r\n\r\n")
        elif mode == "trickle":
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            for i in range(0, len(data), 16384):
                self.wfile.write(data[i : i + 16384])
                self.wfile.flush()
                time.sleep(0.02)
        elif mode == "cut":
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.close_connection = True
        elif mode == "gzip":
            packed = gzip.compress(data)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(packed)))
            self.end_headers()
            self.wfile.write(packed)
        elif mode == "short":
            self.send_header("Content-Length", str(len(data) + 1000))
            self.end_headers()
            self.wfile.write(data)
            self.close_connection = True
        elif mode == "long":
            self.send_header("Content-Length", str(max(0, len(data) - 1000)))
            self.end_headers()
            self.wfile.write(data)
            self.close_connection = True
        else:
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)


class Server(ThreadingHTTPServer):
    daemon_threads = True


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print("port %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
