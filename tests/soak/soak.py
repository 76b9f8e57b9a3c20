"""Soak test for `ddblab serve` on a file database: many clients, kill -9 and restart.

Clients mix reads, counter ADDs, conditional inserts, transfers between accounts (transactions)
and snapshot reads of every account (TransactGetItems). Every `--kill-every` seconds the server
is killed with SIGKILL and restarted on the same file and port; clients retry through the
outage. At the end the invariants are checked against what the clients were told:

  * transfers: the accounts always sum to the opening total, in every snapshot read and at the
    end (no read sees half a transaction, no transaction is half applied);
  * counters: acknowledged ADDs <= final value <= acknowledged + unanswered ADDs (an ADD whose
    answer was lost in a kill may or may not have been applied; an acknowledged one must be);
  * conditional inserts: every acknowledged insert exists after the last restart.

Prints one JSON line (requests served, p99 latency, kills, violations) and exits 1 on any
violation. Usage: python3 soak.py DDBLAB [--clients 64] [--seconds 600] [--kill-every 60]
"""
import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ACCOUNTS = 16
OPENING = 1000
COUNTERS = 8


class Server:
    def __init__(self, binary, db):
        self.binary, self.db = binary, db
        self.port = self._free_port()
        self.proc = None
        self.kills = 0

    @staticmethod
    def _free_port():
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        return port

    def start(self):
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--db", self.db, "--port", str(self.port), "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        deadline = time.time() + 30
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if line.strip() == "ready":
                return
            if not line and self.proc.poll() is not None:
                break
        raise SystemExit("soak: the server did not start")

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.kills += 1

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()


class Unanswered(Exception):
    """The request may or may not have been applied (the connection broke)."""


class Client:
    def __init__(self, port):
        self.port = port
        self.conn = None

    def call(self, op, body):
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            self.conn.request("POST", "/", json.dumps(body), {
                "X-Amz-Target": "DynamoDB_20120810." + op,
                "Content-Type": "application/x-amz-json-1.0"})
            resp = self.conn.getresponse()
            data = json.loads(resp.read() or b"{}")
            return resp.status, data
        except (OSError, http.client.HTTPException, ValueError):
            if self.conn is not None:
                self.conn.close()
            self.conn = None
            raise Unanswered()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--clients", type=int, default=64)
    ap.add_argument("--seconds", type=int, default=600)
    ap.add_argument("--kill-every", type=float, default=60)
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="ddblab-soak.")
    server = Server(os.path.abspath(args.binary), os.path.join(work, "soak.db"))
    server.start()
    setup = Client(server.port)
    status, _ = setup.call("CreateTable", {
        "TableName": "soak", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]})
    assert status == 200, "CreateTable failed"
    for a in range(ACCOUNTS):
        setup.call("PutItem", {"TableName": "soak",
                               "Item": {"PK": {"S": "A#%d" % a}, "b": {"N": str(OPENING)}}})
    for c in range(COUNTERS):
        setup.call("PutItem", {"TableName": "soak",
                               "Item": {"PK": {"S": "C#%d" % c}, "n": {"N": "0"}}})

    lock = threading.Lock()
    stats = {"served": 0, "unanswered": 0, "retries": 0, "errors": {}, "violations": []}
    latencies = []
    acked_adds = [0] * COUNTERS
    unanswered_adds = [0] * COUNTERS
    acked_inserts = []
    stop_at = time.time() + args.seconds
    down = threading.Event()

    def violation(text):
        with lock:
            stats["violations"].append(text)

    def worker(n):
        rng = random.Random(n)
        client = Client(server.port)
        seq = 0
        while time.time() < stop_at:
            if down.is_set():
                time.sleep(0.05)
                continue
            kind = rng.choice(["get", "get", "add", "add", "insert", "transfer", "snapshot"])
            started = time.time()
            try:
                if kind == "get":
                    status, body = client.call("GetItem", {
                        "TableName": "soak", "Key": {"PK": {"S": "C#%d" % rng.randrange(COUNTERS)}}})
                elif kind == "add":
                    c = rng.randrange(COUNTERS)
                    try:
                        status, body = client.call("UpdateItem", {
                            "TableName": "soak", "Key": {"PK": {"S": "C#%d" % c}},
                            "UpdateExpression": "ADD n :one",
                            "ExpressionAttributeValues": {":one": {"N": "1"}}})
                    except Unanswered:
                        with lock:
                            unanswered_adds[c] += 1
                        raise
                    if status == 200:
                        with lock:
                            acked_adds[c] += 1
                elif kind == "insert":
                    seq += 1
                    key = "U#%d#%d" % (n, seq)
                    status, body = client.call("PutItem", {
                        "TableName": "soak", "Item": {"PK": {"S": key}},
                        "ConditionExpression": "attribute_not_exists(PK)"})
                    if status == 200:
                        with lock:
                            acked_inserts.append(key)
                elif kind == "transfer":
                    a, b = rng.sample(range(ACCOUNTS), 2)
                    amount = rng.randint(1, 50)
                    status, body = client.call("TransactWriteItems", {"TransactItems": [
                        {"Update": {"TableName": "soak", "Key": {"PK": {"S": "A#%d" % a}},
                                    "UpdateExpression": "SET b = b - :x",
                                    "ConditionExpression": "b >= :x",
                                    "ExpressionAttributeValues": {":x": {"N": str(amount)}}}},
                        {"Update": {"TableName": "soak", "Key": {"PK": {"S": "A#%d" % b}},
                                    "UpdateExpression": "SET b = b + :x",
                                    "ExpressionAttributeValues": {":x": {"N": str(amount)}}}}]})
                else:
                    status, body = client.call("TransactGetItems", {"TransactItems": [
                        {"Get": {"TableName": "soak", "Key": {"PK": {"S": "A#%d" % a}}}}
                        for a in range(ACCOUNTS)]})
                    if status == 200:
                        total = sum(int(r["Item"]["b"]["N"]) for r in body["Responses"])
                        if total != ACCOUNTS * OPENING:
                            violation("a snapshot read summed to %d" % total)
            except Unanswered:
                with lock:
                    stats["unanswered"] += 1
                time.sleep(0.05)
                continue
            took = time.time() - started
            with lock:
                if status == 200:
                    stats["served"] += 1
                    latencies.append(took)
                else:
                    kind_ = body.get("__type", str(status)).split("#")[-1]
                    stats["errors"][kind_] = stats["errors"].get(kind_, 0) + 1
                    expected = {"TransactionCanceledException", "ConditionalCheckFailedException",
                                "TransactionConflictException"}
                    if kind_ not in expected:
                        stats["violations"].append("unexpected %s: %s" % (kind_, body))

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(args.clients)]
    for t in threads:
        t.start()
    next_kill = time.time() + args.kill_every
    while time.time() < stop_at:
        time.sleep(min(1.0, max(0.0, stop_at - time.time())))
        if time.time() >= next_kill and time.time() < stop_at - 5:
            server.kill()
            down.set()
            time.sleep(0.2)
            server.start()
            down.clear()
            next_kill = time.time() + args.kill_every
    for t in threads:
        t.join()

    # One more kill before checking: what was acknowledged must survive it.
    server.kill()
    server.start()
    check = Client(server.port)
    for c in range(COUNTERS):
        _, body = check.call("GetItem", {"TableName": "soak", "Key": {"PK": {"S": "C#%d" % c}},
                                         "ConsistentRead": True})
        final = int(body["Item"]["n"]["N"])
        if not acked_adds[c] <= final <= acked_adds[c] + unanswered_adds[c]:
            violation("counter C#%d is %d; %d ADDs acknowledged, %d unanswered"
                      % (c, final, acked_adds[c], unanswered_adds[c]))
    total = 0
    for a in range(ACCOUNTS):
        _, body = check.call("GetItem", {"TableName": "soak", "Key": {"PK": {"S": "A#%d" % a}},
                                         "ConsistentRead": True})
        total += int(body["Item"]["b"]["N"])
    if total != ACCOUNTS * OPENING:
        violation("the accounts sum to %d after the run" % total)
    missing = 0
    for key in acked_inserts:
        _, body = check.call("GetItem", {"TableName": "soak", "Key": {"PK": {"S": key}}})
        if "Item" not in body:
            missing += 1
    if missing:
        violation("%d acknowledged inserts are missing" % missing)
    server.stop()
    try:  # the sqlite3 shell is optional
        integrity = subprocess.run(["sqlite3", server.db, "PRAGMA integrity_check"],
                                   capture_output=True, text=True)
        if integrity.returncode == 0 and integrity.stdout.strip() != "ok":
            violation("integrity_check: " + integrity.stdout.strip()[:200])
    except FileNotFoundError:
        pass

    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99)] if latencies else 0
    print(json.dumps({
        "name": "soak", "clients": args.clients, "seconds": args.seconds, "kills": server.kills,
        "served": stats["served"], "unanswered": stats["unanswered"],
        "served_per_s": round(stats["served"] / args.seconds),
        "p99_ms": round(p99 * 1000, 1), "expected_errors": stats["errors"],
        "acked_adds": sum(acked_adds), "acked_inserts": len(acked_inserts),
        "violations": stats["violations"][:20]}))
    sys.exit(1 if stats["violations"] else 0)


if __name__ == "__main__":
    main()
