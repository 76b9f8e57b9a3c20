"""The REPL on a real pseudo-terminal, for the e2e tests that drive it as a person would.

Session(binary, args, env) starts ddblab on a pty; expect(text) waits for text in the output
that follows the last match; send(text) writes it as a paste, type(text) one key at a time;
finish() leaves with Ctrl-D, drains the terminal until ddblab exits (so it never blocks on a full
pty buffer) and fails unless it exited with status 0. `transcript` keeps every byte shown.
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
        self.transcript = b""
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
        while self.transcript.find(want, self.pos) < 0:
            left = deadline - time.time()
            if left <= 0:
                fail("timed out waiting for %r; the terminal showed:\n%s"
                     % (text, self.transcript[self.pos:].decode(errors="replace")))
            self._read(left)
        self.pos = self.transcript.find(want, self.pos) + len(want)

    def send(self, text, pause=0.2):
        os.write(self.fd, text.encode())
        time.sleep(pause)

    def type(self, text):
        for ch in text:
            os.write(self.fd, ch.encode())
            time.sleep(0.005)
        time.sleep(0.2)

    def finish(self, timeout=60):
        # Ctrl-D on an empty line leaves. A key that reaches the terminal while the line editor
        # is still switching modes can be lost: the tty turns a cooked-mode EOF into a NUL byte,
        # which then sits on the line, so a second Ctrl-D is not at an empty line either. So,
        # as a person would, wait for the prompt to settle, and if ddblab is still there after
        # 5 s, press Ctrl-U (erase the line, in the editor and in the tty alike) and Ctrl-D again.
        time.sleep(0.3)
        deadline = time.time() + timeout
        next_press = 0
        presses = 0
        while time.time() < deadline:
            if time.time() >= next_press:
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
            fail("ddblab did not exit after Ctrl-D\n%sthe terminal showed last:\n%s"
                 % (state, self.transcript[-600:].decode(errors="replace")))
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            fail("ddblab exited with %d" % code)
