#!/usr/bin/env python3
"""A throwaway PostgreSQL server on loopback, for the server's tests and for a person who wants
to run the server on PostgreSQL by hand. Standard library only; it drives Debian's own binaries
(``apt-get install postgresql`` provides them).

In a test::

    from pgserver import running_postgres

    with running_postgres() as dsn:    # postgresql://postgres@127.0.0.1:PORT/fichas
        ...

By hand::

    python server/tests/protocol/pgserver.py [--port 5433]
    # prints: dsn: postgresql://USER@127.0.0.1:PORT/fichas    (then serves until Ctrl-C or SIGTERM)

Each call makes a new cluster (``initdb``) in a new temporary directory, starts it with
``pg_ctl`` on 127.0.0.1 with trust authentication on loopback only, creates the database
``fichas``, and on the way out stops the server and removes the directory, whatever happened in
between. ``fsync`` stays on, so commit timings are those of a real server.

PostgreSQL refuses to run as root. Run as root, the cluster belongs to an unprivileged user:
``$FICHAS_PG_USER`` if set, else ``postgres`` (the user Debian's package creates), else
``nobody``; every binary runs as that user, and the temporary directory is handed to it. Run as
anyone else, the cluster is that user's own.

If the process is killed outright (``kill -9``), a small watchdog process, started with the
cluster, notices that its pipe closed, shuts the server down and removes the directory, so
nothing is left running or lying in ``/tmp``.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Sequence
from urllib.parse import quote

#: The database that `running_postgres` creates, and that its DSN names.
DATABASE = "fichas"
#: The binaries the harness runs. `find_bindir` wants the first three side by side.
REQUIRED = ("initdb", "pg_ctl", "postgres")
#: Where Debian's postgresql-NN packages put them; the newest version wins.
DEBIAN_GLOB = "/usr/lib/postgresql/*/bin"
INSTALL_HINT = "apt-get install postgresql"
#: Generous bounds: a healthy cluster starts in about a second (see test_pgserver.py).
START_TIMEOUT_S = 30
STOP_TIMEOUT_S = 10
#: The prefix of the temporary directories, so that a stray one is recognisable.
PREFIX = "fichas-pg-"
#: sockaddr_un.sun_path is 108 bytes on Linux, the terminating NUL included.
MAX_SOCKET_PATH = 107


class PostgresNotFound(RuntimeError):
    """A PostgreSQL binary the harness needs is not installed."""


class PostgresError(RuntimeError):
    """The cluster could not be created, started or stopped; the message has the details."""


def _version_key(bindir: str) -> List[int]:
    """/usr/lib/postgresql/15/bin -> [15]; 9.6 -> [9, 6]: newest last when sorted."""
    version = os.path.basename(os.path.dirname(bindir))
    return [int(part) for part in re.findall(r"\d+", version)] or [-1]


def _has_all(bindir: str, names: Sequence[str] = REQUIRED) -> bool:
    return all(os.access(os.path.join(bindir, name), os.X_OK) for name in names)


def find_bindir() -> Optional[str]:
    """The directory holding ``initdb``, ``pg_ctl`` and ``postgres``: the newest of Debian's
    ``/usr/lib/postgresql/*/bin``, else the directory of an ``initdb`` on ``PATH`` (a
    non-Debian install) that has the other two beside it; None when PostgreSQL is not
    installed."""
    debian = sorted(glob.glob(DEBIAN_GLOB), key=_version_key, reverse=True)
    for bindir in debian:
        if _has_all(bindir):
            return bindir
    # Debian's /usr/bin holds only postgresql-common's wrappers (psql, pg_ctlcluster...), never
    # initdb, so this is for other installs.
    initdb = shutil.which("initdb")
    if initdb is not None:
        bindir = os.path.dirname(os.path.realpath(initdb))
        if _has_all(bindir):
            return bindir
    return None


def _require_bindir() -> str:
    """`find_bindir`, or an exception that names the missing binary and the package to install."""
    bindir = find_bindir()
    if bindir is not None:
        return bindir
    places = sorted(glob.glob(DEBIAN_GLOB), key=_version_key, reverse=True)
    initdb = shutil.which("initdb")
    if initdb is not None:
        places.append(os.path.dirname(os.path.realpath(initdb)))
    if places:
        # An install with some of the binaries: name the ones missing where it is.
        missing = [n for n in REQUIRED if not os.access(os.path.join(places[0], n), os.X_OK)]
        what = f"PostgreSQL's {', '.join(missing)} (not in {places[0]})"
    else:
        missing = [REQUIRED[0]]
        what = f"PostgreSQL's {REQUIRED[0]} (looked in {DEBIAN_GLOB} and on PATH)"
    verb = "is" if len(missing) == 1 else "are"
    pronoun = "it" if len(missing) == 1 else "them"
    raise PostgresNotFound(f"{what} {verb} not installed: `{INSTALL_HINT}` provides {pronoun}")


@dataclass(frozen=True)
class _RunAs:
    """Who the cluster belongs to and how its binaries are run."""

    name: str
    uid: int
    gid: int

    @property
    def switches(self) -> bool:
        """True when we are root and every binary must drop to `uid`."""
        return os.geteuid() != self.uid

    def popen_kwargs(self) -> Dict[str, Any]:
        if not self.switches:
            return {}
        # Python's own setuid/setgid (3.9+), so neither runuser nor setpriv is needed;
        # extra_groups=[] drops root's supplementary groups too.
        return {"user": self.uid, "group": self.gid, "extra_groups": []}


def _run_as() -> _RunAs:
    euid = os.geteuid()
    if euid != 0:
        try:
            name = pwd.getpwuid(euid).pw_name
        except KeyError:
            # initdb itself needs a passwd entry for the user; it says so in its own words.
            name = os.environ.get("USER") or str(euid)
        return _RunAs(name, euid, os.getegid())
    wanted = os.environ.get("FICHAS_PG_USER")
    for name in [wanted] if wanted else ["postgres", "nobody"]:
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        if entry.pw_uid == 0:
            raise PostgresError(f"FICHAS_PG_USER={name} is root, and PostgreSQL refuses to run as root")
        return _RunAs(entry.pw_name, entry.pw_uid, entry.pw_gid)
    raise PostgresError(
        "running as root, PostgreSQL needs an unprivileged user to run as, and "
        + (f"the user {wanted!r} (FICHAS_PG_USER) does not exist" if wanted
           else "neither 'postgres' nor 'nobody' exists: set FICHAS_PG_USER to one that does")
    )


def _clean_env() -> Dict[str, str]:
    """The environment for PostgreSQL's binaries: without the caller's PG* variables (PGDATA,
    PGHOST, PGPORT... would point them elsewhere), with messages in plain English."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    env["LC_ALL"] = "C"
    return env


def _free_port() -> int:
    """A port free on 127.0.0.1 right now. Another process may take it before postgres binds it,
    so `running_postgres` tries again with another one when that happens."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _conf_str(value: str) -> str:
    """A string literal of postgresql.conf."""
    return "'" + value.replace("'", "''") + "'"


def _tail(path: str, lines: int = 20) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as log:
            return "".join(log.readlines()[-lines:]).rstrip()
    except OSError:
        return "(no log)"


def _postmaster_pid(datadir: str) -> Optional[int]:
    """The postmaster's pid from its postmaster.pid, or None if it has none (not running)."""
    try:
        with open(os.path.join(datadir, "postmaster.pid"), encoding="ascii") as pidfile:
            return int(pidfile.readline().strip())
    except (OSError, ValueError):
        return None


def _is_postgres(pid: int) -> bool:
    """True while `pid` is alive and is a postgres process (a pid can be reused once it died)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return b"postgres" in cmdline.read()
    except OSError:
        return False


def _kill_postmaster(datadir: str, sig: int, wait_s: float) -> bool:
    """Send `sig` to the cluster's postmaster and wait for it to go; True if it is gone. Only used
    when pg_ctl could not stop it, or by the watchdog (which may not be able to run pg_ctl)."""
    pid = _postmaster_pid(datadir)
    if pid is None or not _is_postgres(pid):
        return True
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if not _is_postgres(pid):
            return True
        time.sleep(0.02)
    return not _is_postgres(pid)


def _rmtree(path: str) -> None:
    """Remove `path`; a backend that is still exiting may create or remove a file meanwhile, so a
    failure is retried a few times before it is reported."""
    for _ in range(20):
        try:
            shutil.rmtree(path)
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.05)
    shutil.rmtree(path)


class _Cluster:
    """One cluster in one temporary directory: the steps of `running_postgres`."""

    def __init__(self, bindir: str, tmp: str, runas: _RunAs) -> None:
        self.bindir = bindir
        self.tmp = tmp
        self.runas = runas
        self.datadir = os.path.join(tmp, "data")
        self.log = os.path.join(tmp, "postgres.log")
        self.port = 0

    def run(self, name: str, *args: str, timeout: float = START_TIMEOUT_S) -> subprocess.CompletedProcess:
        """Run one of PostgreSQL's binaries as the cluster's user, from the temporary directory
        (the user may not be allowed into the caller's working directory)."""
        command = [os.path.join(self.bindir, name), *args]
        try:
            return subprocess.run(
                command, cwd=self.tmp, env=_clean_env(), stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout,
                **self.runas.popen_kwargs(),
            )
        except PermissionError as error:
            raise PostgresError(
                f"cannot run {name} as {self.runas.name} in {self.tmp} ({error}): the user must be"
                " able to enter the temporary directory; set TMPDIR to one it can reach, such as /tmp"
            ) from error
        except subprocess.TimeoutExpired as error:
            raise PostgresError(f"{name} {' '.join(args)} took more than {timeout:.0f} s") from error

    def write(self, path: str, text: str, mode: str = "w") -> None:
        """Write a file of the cluster as the cluster's user would own it."""
        with open(path, mode, encoding="utf-8") as out:
            out.write(text)
        if self.runas.switches:
            os.chown(path, self.runas.uid, self.runas.gid)

    def initdb(self) -> None:
        # --no-sync: the cluster is thrown away, so initdb need not flush its ~40 MB of files
        # (that alone is most of a second); the server's own fsync stays on for what it writes.
        done = self.run(
            "initdb", "-D", self.datadir, "-U", self.runas.name, "--auth=trust",
            "--encoding=UTF8", "--locale=C", "--no-sync",
        )
        if done.returncode != 0:
            raise PostgresError(f"initdb failed ({done.returncode}):\n{done.stdout.rstrip()}")
        # Only the loopback address and the unix socket; the socket's directory is this 0700
        # one, so only the cluster's user (and root) can reach it.
        self.write(
            os.path.join(self.datadir, "pg_hba.conf"),
            "# Written by pgserver.py: trust, on loopback only.\n"
            "local all all              trust\n"
            "host  all all 127.0.0.1/32 trust\n",
        )
        self.write(
            os.path.join(self.datadir, "postgresql.conf"),
            "\n# pgserver.py's settings (the port is in fichas.conf, rewritten if it is taken).\n"
            "listen_addresses = '127.0.0.1'\n"
            f"unix_socket_directories = {_conf_str(self.tmp)}\n"
            "unix_socket_permissions = 0700\n"
            "fsync = on\n"
            "synchronous_commit = on\n"
            "include 'fichas.conf'\n",
            mode="a",
        )

    def start(self, port: int) -> None:
        """pg_ctl start on `port`; with port 0, another free port while the one picked turns out
        taken."""
        for attempt in range(5):
            self.port = port or _free_port()
            self.write(os.path.join(self.datadir, "fichas.conf"), f"port = {self.port}\n")
            # -w: return once the server accepts connections (pg_ctl reads postmaster.pid's
            # status line); pg_ctl puts the postmaster in a session of its own, so a Ctrl-C at
            # the terminal reaches only us, and we stop it in order.
            done = self.run(
                "pg_ctl", "start", "-D", self.datadir, "-l", self.log, "-w", "-t",
                str(START_TIMEOUT_S), timeout=START_TIMEOUT_S + 10,
            )
            if done.returncode == 0:
                return
            log = _tail(self.log)
            self.stop()  # a half-started postmaster must not linger
            if port == 0 and "could not bind" in log and attempt < 4:
                continue
            raise PostgresError(
                f"pg_ctl start failed ({done.returncode}) on port {self.port}:\n"
                f"{done.stdout.rstrip()}\n--- the end of the server's log:\n{log}"
            )

    def createdb(self) -> None:
        # Over TCP, as clients will connect: this checks the DSN's path too.
        done = self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", self.runas.name, DATABASE)
        if done.returncode != 0:
            raise PostgresError(f"createdb {DATABASE} failed:\n{done.stdout.rstrip()}\n{_tail(self.log)}")

    def dsn(self) -> str:
        return f"postgresql://{quote(self.runas.name, safe='')}@127.0.0.1:{self.port}/{DATABASE}"

    def stop(self) -> None:
        """Fast shutdown (clients are disconnected, their transactions rolled back), then an
        immediate one, then SIGKILL: whichever stops it first."""
        if _postmaster_pid(self.datadir) is None:
            return
        for mode in ("fast", "immediate"):
            done = self.run("pg_ctl", "stop", "-D", self.datadir, "-m", mode, "-w", "-t",
                            str(STOP_TIMEOUT_S), timeout=STOP_TIMEOUT_S + 10)
            if done.returncode == 0 or _postmaster_pid(self.datadir) is None:
                return
        if not _kill_postmaster(self.datadir, signal.SIGKILL, STOP_TIMEOUT_S):
            raise PostgresError(f"the postgres server of {self.datadir} would not stop")


def _start_watchdog(tmp: str) -> Optional[subprocess.Popen]:
    """A process that cleans up `tmp` if we die without doing it (kill -9): it waits on a pipe
    whose only writer is us; "done" means we cleaned up, end-of-file without it means we died.
    It runs in a session of its own so that a Ctrl-C at the terminal does not take it down."""
    try:
        return subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--watchdog", tmp],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, start_new_session=True,
        )
    except OSError:
        return None  # a convenience only: the context manager cleans up in every other case


def _stop_watchdog(watchdog: Optional[subprocess.Popen]) -> None:
    if watchdog is None:
        return
    with contextlib.suppress(OSError, ValueError):
        assert watchdog.stdin is not None
        watchdog.stdin.write(b"done\n")
        watchdog.stdin.close()
    try:
        watchdog.wait(timeout=5)
    except subprocess.TimeoutExpired:
        watchdog.kill()
        watchdog.wait()


def _watchdog(tmp: str) -> int:
    """The watchdog's side (``pgserver.py --watchdog TMP``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    message = sys.stdin.buffer.read()
    if message.startswith(b"done"):
        return 0
    datadir = os.path.join(tmp, "data")
    # SIGQUIT is PostgreSQL's immediate shutdown; root or the cluster's user may send it.
    if not _kill_postmaster(datadir, signal.SIGQUIT, STOP_TIMEOUT_S):
        _kill_postmaster(datadir, signal.SIGKILL, STOP_TIMEOUT_S)
    _rmtree(tmp)
    return 0


@contextlib.contextmanager
def running_postgres(port: int = 0) -> Iterator[str]:
    """Create a fresh cluster in a new temporary directory, start it on 127.0.0.1:`port` (0: a
    free port), create the database ``fichas``, and yield its DSN,
    ``postgresql://USER@127.0.0.1:PORT/fichas`` (trust authentication: no password). On exit,
    even when the body raised, stop the server and remove the directory.

    Raises PostgresNotFound when PostgreSQL is not installed, PostgresError when the cluster
    cannot be made or started (the message includes initdb's output or the server's log).
    """
    bindir = _require_bindir()
    runas = _run_as()
    tmp = tempfile.mkdtemp(prefix=PREFIX)
    watchdog = None
    cluster = _Cluster(bindir, tmp, runas)
    try:
        watchdog = _start_watchdog(tmp)
        if len(os.path.join(tmp, ".s.PGSQL.65535")) > MAX_SOCKET_PATH:
            raise PostgresError(
                f"the temporary directory {tmp} is too long a path for a unix socket"
                f" ({MAX_SOCKET_PATH} bytes at most): set TMPDIR to a shorter one, such as /tmp"
            )
        if runas.switches:
            # mkdtemp made it 0700 for root: the cluster's user must own it to create its files.
            os.chown(tmp, runas.uid, runas.gid)
        cluster.initdb()
        cluster.start(port)
        cluster.createdb()
        yield cluster.dsn()
    finally:
        try:
            cluster.stop()
        finally:
            _rmtree(tmp)
            # Only once both worked: if either raised, the watchdog, never told "done", tries
            # again when this process exits.
            _stop_watchdog(watchdog)


class _Stop(Exception):
    """SIGINT or SIGTERM reached the command line's main loop."""


class _Signals:
    """SIGINT and SIGTERM for the command line. One that comes while the cluster starts waits
    until it has started (an exception in the middle of pg_ctl start could leave a postmaster
    behind); once it serves, the first one ends the main loop, and any later one is ignored so
    that it cannot cut the cleanup short."""

    def __init__(self) -> None:
        self.received: Optional[int] = None
        self.armed = False
        # Handlers rather than SIG_IGN while deferring: ignored signals would stay ignored in
        # the children started meanwhile (pg_ctl), handlers are reset by exec.
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self._handle)

    def _handle(self, signum: int, frame: Any) -> None:
        if self.received is not None:
            return
        self.received = signum
        if self.armed:
            raise _Stop(signum)

    def wait(self) -> None:
        """Return once a signal came (before this call or during it)."""
        # Armed before the check: a signal after it raises, one before it is seen by it.
        self.armed = True
        while self.received is None:
            signal.pause()


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        description="Run a throwaway PostgreSQL server on 127.0.0.1 until interrupted "
        "(Ctrl-C or SIGTERM); it prints `dsn: ...` once it accepts connections.")
    parser.add_argument("--port", type=int, default=0, help="the TCP port (default 0: a free one)")
    parser.add_argument("--watchdog", metavar="DIR", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.watchdog:
        return _watchdog(args.watchdog)
    signals = _Signals()
    started = time.perf_counter()
    try:
        with running_postgres(args.port) as dsn:
            print(f"dsn: {dsn}", flush=True)
            print(f"started in {time.perf_counter() - started:.2f} s; Ctrl-C or SIGTERM stops it",
                  file=sys.stderr, flush=True)
            signals.wait()
    except _Stop:
        pass
    except (PostgresNotFound, PostgresError) as error:
        print(f"pgserver: {error}", file=sys.stderr)
        return 1
    print("stopped", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
