"""`loa serve` as a child process for the tests (serve_api.py, serve_hostile.py): started on a free
port, its address read from the line it prints, stopped at the end. What it prints after that line is
read all the while (a server that crashes must not block on a full pipe with its report half written, as
an AddressSanitizer report once did, hanging the test until its timeout) and shown if it exits early."""
import subprocess
import threading
import time


class ServeProcess:
    def __init__(self, loa, *options):
        self.process = subprocess.Popen([loa, "serve", "--port", "0", *options], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        line = self.process.stdout.readline()
        if "http://127.0.0.1:" not in line:
            raise SystemExit(f"loa serve printed no loopback address: {line!r}")
        self.port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        self.output = []
        self.reader = threading.Thread(target=lambda: self.output.extend(self.process.stdout), daemon=True)
        self.reader.start()

    def next_line(self, wait_s=60):
        """The first line printed after the address (the reader thread collects it), or "" if none comes."""
        deadline = time.monotonic() + wait_s  # a bound against a hang, not a timing
        while not self.output and self.process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.output[0] if self.output else ""

    def stop(self):
        """Stops the server; whether it was still running (if not, what it printed is shown)."""
        alive = self.process.poll() is None
        self.process.terminate()
        self.process.wait(timeout=10)
        self.reader.join(timeout=10)
        if not alive:
            print("loa serve exited early; it printed:\n" + "".join(self.output)[-4000:])
        return alive
