"""The REPL on a real pseudo-terminal, for the e2e tests that drive it as a person would.

Session(binary, args, env) starts ddblab on a pty; expect(text) waits for text in the output
that follows the last match; send(text) writes it as a paste, type(text) one key at a time;
finish() leaves with Ctrl-D, drains the terminal until ddblab exits (so it never blocks on a full
pty buffer) and fails unless it exited with status 0; wait_exit() does the same without pressing
a key (for a Ctrl-D typed ahead). `transcript` keeps every byte shown.
"""
import os
import pty
import select
import sys
import time


def fail(message):
    sys.stderr.write("FAIL: " + message + "\n")
    sys.exit(1)


class Session:
    def __init__(self, binary, args=(), env=None):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(binary, [binary] + list(args), dict(os.environ, **(env or {})))
        self.transcript = bytearray()  # appended in place: long output stays linear
        self.pos = 0  # expect() looks only at output after what it matched last

    def _read(self, timeout):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return False
        self.transcript += chunk
        return bool(chunk)

    def expect(self, text, timeout=30):
        want = text.encode()
        deadline = time.time() + timeout
        start = self.pos  # where the search resumes: only new output can complete a match
        while self.transcript.find(want, start) < 0:
            start = max(self.pos, len(self.transcript) - len(want) + 1)
            left = deadline - time.time()
            if left <= 0:
                fail("timed out waiting for %r; the terminal showed:\n%s"
                     % (text, self.transcript[self.pos:].decode(errors="replace")))
            self._read(left)
        self.pos = self.transcript.find(want, start) + len(want)

    def send(self, text, pause=0.2):
        os.write(self.fd, text.encode())
        time.sleep(pause)

    def type(self, text):
        for ch in text:
            os.write(self.fd, ch.encode())
            time.sleep(0.005)
        time.sleep(0.2)

    def finish(self, timeout=60):
        # Ctrl-D on an empty line leaves. As a person would, wait for the prompt to settle, and
        # if ddblab is still there after 5 s, press Ctrl-U (erase the line) and Ctrl-D again.
        time.sleep(0.3)
        self._drain_until_exit(timeout, press=True, what="after Ctrl-D")

    def wait_exit(self, timeout=60):
        """Drains the terminal until ddblab exits by itself; fails unless it exits with 0."""
        self._drain_until_exit(timeout, press=False, what="by itself")

    def _drain_until_exit(self, timeout, press, what):
        # Reading as it goes, so ddblab never blocks on a full terminal.
        deadline = time.time() + timeout
        next_press = 0
        presses = 0
        while time.time() < deadline:
            if press and time.time() >= next_press:
                if presses:
                    os.write(self.fd, b"\x15")
                    self._read(0.5)
                    time.sleep(0.5)
                os.write(self.fd, b"\x04")
                presses += 1
                next_press = time.time() + 5
            open_ = self._read(1)
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done == self.pid:
                break
            if not open_:
                _, status = os.waitpid(self.pid, 0)
                break
        else:
            state = ""
            for name in ("wchan", "stat"):
                try:
                    with open("/proc/%d/%s" % (self.pid, name)) as f:
                        state += "%s: %s\n" % (name, f.read().strip())
                except OSError:
                    pass
            os.kill(self.pid, 9)
            fail("ddblab did not exit %s\n%sthe terminal showed last:\n%s"
                 % (what, state, self.transcript[-600:].decode(errors="replace")))
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            fail("ddblab exited with %d" % code)
