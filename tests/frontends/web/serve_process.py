"""`loa serve` as a child process for the tests (serve_api.py, serve_hostile.py): started on a free
port, its address read from the line it prints, stopped at the end."""
import subprocess


class ServeProcess:
    def __init__(self, loa, *options):
        self.process = subprocess.Popen([loa, "serve", "--port", "0", *options], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        line = self.process.stdout.readline()
        if "http://127.0.0.1:" not in line:
            raise SystemExit(f"loa serve printed no loopback address: {line!r}")
        self.port = int(line.split("http://127.0.0.1:")[1].split("/")[0])

    def stop(self):
        """Stops the server; whether it was still running."""
        alive = self.process.poll() is None
        self.process.terminate()
        self.process.wait(timeout=10)
        return alive
