"""The store of a split solve (loa.cluster): one result per node, in a directory.

A node is a line: the rules and the moves from their start. Keying by the line (not the board alone)
keeps results exact under rules where repetitions draw, since the same board reached by another line
can have another value. Each node is two files, named by the SHA-256 of its line:

  KEY.json       {"rules", "moves", "result", ...} and "sha256", the digest of the rest and of the proof
  KEY.proof.gz   the node's proof (text format, gzip), when it is settled

Files are written whole or not at all (a temporary file, flushed, then renamed), so a driver stopped at
any moment leaves no half-written result. A result whose digest does not match (a file truncated,
altered, or its proof missing) is reported and treated as absent: the node is solved again and the
damaged result is never merged. Only the driver writes the store; workers send their results to it.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import tempfile
import zlib
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple


def line_key(rules_name: str, moves: List[str]) -> str:
    """The file name of a node: the digest of its rules and moves."""
    return hashlib.sha256((rules_name + "\n" + " ".join(moves)).encode()).hexdigest()[:40]


class StoreError(Exception):
    """The store cannot be used (the directory cannot be made or written)."""


def write_whole(target: str, data: bytes) -> None:
    """Writes `target` whole or not at all: a temporary file beside it, flushed, then renamed over it."""
    try:
        fd, temporary = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(target)), prefix=".tmp-")
    except OSError as e:
        raise StoreError(f"cannot write {target!r}: {e.strerror or e}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, target)
    except OSError as e:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise StoreError(f"cannot write {target!r}: {e.strerror or e}") from None


class ResultStore:
    """Results of a split solve's nodes, in the directory `path` (made if missing)."""

    def __init__(self, path: str, report: Callable[[str], None] = lambda message: None,
                 read_only: bool = False) -> None:
        """`read_only`: a store that must exist already and is only read (a live run's, or a copy)."""
        self.path = path
        self.report = report
        self.read_only = read_only
        self.damaged = 0  # results found damaged, in this run
        # Their files: a damaged result is read again before its node is solved again (the walk, then a
        # transposition's look at it), and is one damaged result, told once, until put() writes it anew.
        self.damaged_files: set = set()
        # Records checked in this run, without their proofs, by file, with the files' identity then (inode,
        # size, change time): get(with_proof=False) does not read and hash a large proof again while neither
        # file has changed. A file rewritten or altered since has another identity and is checked again.
        self.checked: Dict[str, Tuple[Any, Dict[str, Any]]] = {}
        if read_only:
            if not os.path.isdir(path):
                raise StoreError(f"no store at {path!r}")
            return
        try:
            os.makedirs(path, exist_ok=True)
            probe = tempfile.NamedTemporaryFile(dir=path, prefix=".probe-", delete=True)
            probe.close()
        except OSError as e:
            raise StoreError(f"the store {path!r} cannot be written: {e.strerror or e}") from None

    def _files(self, key: str) -> tuple:
        return os.path.join(self.path, key + ".json"), os.path.join(self.path, key + ".proof.gz")

    @staticmethod
    def _identity(*paths: str) -> tuple:
        def one(path: str) -> Optional[tuple]:
            try:
                s = os.stat(path)
            except OSError:
                return None
            return s.st_ino, s.st_size, s.st_mtime_ns, s.st_ctime_ns
        return tuple(one(path) for path in paths)

    @staticmethod
    def _digest(record: Dict[str, Any], proof: Optional[bytes]) -> str:
        body = json.dumps({k: v for k, v in record.items() if k != "sha256"}, sort_keys=True).encode()
        return hashlib.sha256(body + b"\0" + (proof or b"")).hexdigest()

    def put(self, rules_name: str, moves: List[str], record: Dict[str, Any], proof: Optional[str] = None) -> str:
        """Keeps a node's result (and its proof text): the proof first, then the record that vouches for it.
        Returns the record's digest (record["sha256"] of a later get)."""
        if self.read_only:
            raise StoreError(f"the store {self.path!r} was opened to be read only")
        key = line_key(rules_name, moves)
        json_path, proof_path = self._files(key)
        self.damaged_files.discard(json_path)
        record = dict(record, rules=rules_name, moves=list(moves), has_proof=proof is not None)
        # zlib's default level: 9 took 2.7 times as long for 1.3% less (a 92 MB expanded 6x6 proof: 10.0 s
        # against 3.7 s, 14.5 MB against 14.6), and a store writes every job's proof as it comes in.
        packed = gzip.compress(proof.encode(), compresslevel=6, mtime=0) if proof is not None else None
        if packed is not None:
            write_whole(proof_path, packed)
        record["sha256"] = self._digest(record, packed)
        write_whole(json_path, (json.dumps(record, sort_keys=True) + "\n").encode())
        return record["sha256"]

    def get(self, rules_name: str, moves: List[str], with_proof: bool = True) -> Optional[Dict[str, Any]]:
        """A node's record, checked; None when there is none or it is damaged (then reported). The proof text
        is record["proof"] unless `with_proof` is False (its file is still read: the digest covers it)."""
        key = line_key(rules_name, moves)
        json_path, proof_path = self._files(key)
        # Taken before the files are read: a change while they are read shows as another identity next time.
        identity = self._identity(json_path, proof_path)
        checked = self.checked.get(json_path)
        if not with_proof and checked is not None and checked[0] == identity:
            return dict(checked[1])
        try:
            with open(json_path, "rb") as f:
                raw = f.read()
        except FileNotFoundError:
            return None
        except OSError as e:
            return self._damaged(json_path, str(e))
        try:
            record = json.loads(raw)
            if not isinstance(record, dict):
                raise ValueError("not an object")
        except ValueError as e:
            return self._damaged(json_path, f"not a result ({e})")
        packed = None
        if record.get("has_proof"):
            try:
                with open(proof_path, "rb") as f:
                    packed = f.read()
            except OSError:
                return self._damaged(json_path, "its proof file is missing")
        if record.get("sha256") != self._digest(record, packed) or record.get("moves") != list(moves) \
                or record.get("rules") != rules_name:
            return self._damaged(json_path, "its digest does not match (truncated or altered)")
        self.checked[json_path] = (identity, dict(record))
        if packed is not None and with_proof:
            try:
                record["proof"] = gzip.decompress(packed).decode()
            except (OSError, EOFError, UnicodeDecodeError, zlib.error) as e:
                return self._damaged(json_path, f"its proof cannot be read ({e})")
        return record

    def settled_lines(self) -> Iterator[Tuple[str, List[str]]]:
        """(rules name or claim space, moves) of every record that is settled and has a proof, read from
        every record file: what no walk from a root reaches (a store seeded with deep lines) included. The
        records are not checked here; get() checks the one a caller then reads."""
        return self._lines(lambda record: record.get("has_proof") and record.get("result", "unknown") != "unknown")

    def open_lines(self) -> Iterator[Tuple[str, List[str]]]:
        """(rules name or claim space, moves) of every unsettled record: a job's "unknown", or a split (the
        move tried, or the replies), what a run resumed in another store needs not to run those jobs again.
        Not checked here either."""
        return self._lines(lambda record: record.get("result") == "unknown")

    def lines(self) -> Iterator[Tuple[str, List[str]]]:
        """settled_lines() and open_lines() together, in one pass over the record files."""
        return self._lines(lambda record: record.get("result") == "unknown" or
                           (record.get("has_proof") and record.get("result", "unknown") != "unknown"))

    def _lines(self, keep: Callable[[Dict[str, Any]], Any]) -> Iterator[Tuple[str, List[str]]]:
        for name in os.listdir(self.path):
            if not name.endswith(".json"):
                continue
            try:
                with open(os.path.join(self.path, name), "rb") as f:
                    record = json.loads(f.read())
            except (OSError, ValueError):
                continue  # damaged: get() reports it
            if isinstance(record, dict) and isinstance(record.get("moves"), list) and keep(record):
                yield record.get("rules"), record["moves"]

    def _damaged(self, path: str, why: str) -> None:
        if path in self.damaged_files:
            return None
        self.damaged_files.add(path)
        self.damaged += 1
        self.report(f"store: {os.path.basename(path)} is damaged: {why}; its node is solved again")
        return None
