"""The TCP store of cunumpyx.distributed: how ranks meet before NCCL exists.

Rank 0 serves a small key-value store on (host, port) from a daemon thread; every rank
(rank 0 too) is a client. Messages are one JSON object a line. Operations: ``set`` a key,
``get`` a key (waits until it is set), ``add`` to a counter (returns the new value) and
``wait`` until a counter reaches a value, which together give the rendezvous (rank 0 puts
the NCCL unique id, the others get it) and ``barrier``. Every wait has a timeout, so a
missing rank is a TimeoutError, never a hang.
"""

import json
import socket
import threading
import time

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 13333
DEFAULT_TIMEOUT_S = 300.0


class StoreServer:
    """The store itself, served by rank 0 (one thread per client connection)."""

    def __init__(self, host, port):
        self._values = {}
        self._cond = threading.Condition()
        self._sock = socket.create_server((host, port), reuse_port=False)
        self._sock.settimeout(0.5)  # lets the accept loop notice stop()
        self.port = self._sock.getsockname()[1]
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._accept_loop, name="cunumpyx-store", daemon=True)
        self._thread.start()

    def _accept_loop(self):
        while not self._stopped.is_set():
            try:
                conn, _ = self._sock.accept()
            except socket.timeout:
                continue
            except OSError:
                break
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()
        self._sock.close()

    def _serve(self, conn):
        with conn, conn.makefile("rwb") as f:
            for line in f:
                try:
                    reply = self._handle(json.loads(line))
                except Exception as e:  # noqa: BLE001 - the client raises it
                    reply = {"error": f"{type(e).__name__}: {e}"}
                f.write((json.dumps(reply) + "\n").encode())
                f.flush()

    def _wait_for(self, predicate, timeout):
        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0 or self._stopped.is_set():
                return False
            self._cond.wait(min(left, 0.5))
        return True

    def _handle(self, msg):
        op, key = msg["op"], msg["key"]
        with self._cond:
            if op == "set":
                self._values[key] = msg["value"]
                self._cond.notify_all()
                return {"ok": True}
            if op == "add":
                self._values[key] = self._values.get(key, 0) + int(msg["value"])
                self._cond.notify_all()
                return {"value": self._values[key]}
            if op == "get":
                if not self._wait_for(lambda: key in self._values, msg["timeout"]):
                    return {"timeout": True}
                return {"value": self._values[key]}
            if op == "wait":
                if not self._wait_for(lambda: self._values.get(key, 0) >= msg["value"], msg["timeout"]):
                    return {"timeout": True}
                return {"value": self._values[key]}
        raise ValueError(f"unknown store operation {op!r}")

    def stop(self):
        self._stopped.set()
        with self._cond:
            self._cond.notify_all()
        self._thread.join(5)


class StoreClient:
    """One rank's connection to the store (thread-safe: one request at a time)."""

    def __init__(self, host, port, timeout=DEFAULT_TIMEOUT_S):
        self.timeout = float(timeout)
        deadline = time.monotonic() + self.timeout
        while True:  # rank 0's server may not be up yet
            try:
                self._sock = socket.create_connection((host, port), timeout=5)
                break
            except OSError as e:
                if time.monotonic() >= deadline:
                    raise TimeoutError(f"no cunumpyx.distributed store at {host}:{port}: {e}") from None
                time.sleep(0.1)
        self._sock.settimeout(None)
        self._file = self._sock.makefile("rwb")
        self._lock = threading.Lock()

    def _request(self, **msg):
        with self._lock:
            self._file.write((json.dumps(msg) + "\n").encode())
            self._file.flush()
            line = self._file.readline()
        if not line:
            raise ConnectionError("the cunumpyx.distributed store closed the connection")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"store {msg['op']} {msg['key']!r}: {reply['error']}")
        if reply.get("timeout"):
            raise TimeoutError(f"store {msg['op']} {msg['key']!r}: nothing after {msg['timeout']} s "
                               f"(is every rank running?)")
        return reply.get("value")

    def set(self, key, value):
        self._request(op="set", key=key, value=value)

    def get(self, key):
        return self._request(op="get", key=key, timeout=self.timeout)

    def add(self, key, value=1):
        return self._request(op="add", key=key, value=int(value))

    def wait(self, key, value):
        return self._request(op="wait", key=key, value=int(value), timeout=self.timeout)

    def close(self):
        try:
            self._file.close()
            self._sock.close()
        except OSError:
            pass


class Barrier:
    """A barrier of ``n`` ranks over the store: each call is a new generation."""

    def __init__(self, client, n):
        self._client, self._n, self._generation = client, n, 0

    def __call__(self):
        key = f"barrier/{self._generation}"
        self._generation += 1
        self._client.add(key, 1)
        self._client.wait(key, self._n)
