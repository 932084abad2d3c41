"""PostgreSQL access for the benchmark scripts through the `psql` client (no Python driver).

The bench scripts seed and time PostgreSQL the same way they do SQLite; this keeps them free
of third-party packages: queries run as `psql -At` (tab-separated rows of text), bulk rows go
in as `COPY ... FROM STDIN` blocks of one psql script, in one transaction.
"""

import datetime as dt
import subprocess
import sys

UTC = dt.timezone.utc


def literal(value) -> str:
    """A SQL literal for the few values the scripts put into statements themselves."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def stamp(seconds: float) -> str:
    """Seconds since 1970 as a timestamptz literal's text."""
    return dt.datetime.fromtimestamp(seconds, UTC).isoformat()


def copy_field(value) -> str:
    """One field of COPY's text format."""
    if value is None:
        return "\\N"
    if value is True:
        return "t"
    if value is False:
        return "f"
    return str(value).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


class PG:
    def __init__(self, url: str):
        self.url = url

    def query(self, sql: str) -> list:
        """Rows of text (tab-separated fields; NULL is the empty string)."""
        out = subprocess.run(["psql", "-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", self.url, "-c", sql],
                             capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(f"psql failed: {out.stderr.strip()}\n{sql[:500]}")
        return [line.split("\t") for line in out.stdout.splitlines()]

    def columns(self, table: str) -> dict:
        """column -> (required, has_default, data_type)."""
        rows = self.query("SELECT column_name, is_nullable, column_default IS NOT NULL, data_type "
                          f"FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = {literal(table)}")
        return {c: (nullable == "NO", has_default == "t", kind) for c, nullable, has_default, kind in rows}

    def script(self):
        """A psql process reading a script from stdin; write to .stdin, then call .finish()."""
        return Script(self.url)


class Script:
    def __init__(self, url: str):
        self.proc = subprocess.Popen(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url], stdin=subprocess.PIPE, text=True,
                                     stdout=subprocess.DEVNULL)
        self.out = self.proc.stdin

    def sql(self, text: str):
        self.out.write(text.rstrip().rstrip(";") + ";\n")

    def copy(self, table: str, names: list, rows):
        """COPY rows (tuples in the order of names) into table."""
        self.out.write(f"COPY {table} ({', '.join(names)}) FROM STDIN;\n")
        for row in rows:
            self.out.write("\t".join(copy_field(v) for v in row) + "\n")
        self.out.write("\\.\n")

    def finish(self):
        self.out.close()
        if self.proc.wait() != 0:
            sys.exit("psql failed while loading")
