#!/usr/bin/env python3
"""Which B-trees a run of writes put in SQLite's log: frames a commit, by table and index.

  bench_wal_pages.py DB WAL [--top N]

DB is the database file as the writes left it, without its log (the server killed, so that it
copies nothing more into the file; the checkpoints during the run did, and the log restarted
after the last of them), and WAL a copy of its `-wal` file. The log's frames then start from
that file's state: each frame holds one page a commit changed, and only the frames of committed
transactions count (up to the last commit frame). Each page is named by the B-tree that holds
it in DB, found by walking every table's and index's pages from its root (DB is opened
`immutable`, so its log is not read); a page DB does not have (the file grew) is "new or
overflow".

Prints the frames a commit and, for each B-tree, the frames it took a commit and the distinct
pages among them: a B-tree with many distinct pages is written at random places (a leaf per row),
one with few is appended to or shared by the commit's rows. Every frame is a whole page written
to the log, and copied into the database file again at the next checkpoint, so the B-trees a
write touches are what its bytes on disk come from.

How it was used: start the server on a copy of the bench's mixed database with
`SCHEDULER_INTERVAL=0`, send the writes (`BENCH_KINDS=contribute` with
`scripts/bench_mixed.lua`), kill the server with SIGKILL so that it makes no last checkpoint,
then run this on the copy and its `-wal` file (docs/benchmarks.md has what it found).
"""

import argparse
import collections
import sqlite3
import struct
import sys

WAL_HEADER = 32
FRAME_HEADER = 24
NEW = "new or overflow"


def frames(wal_path):
    """The page number of each frame of committed transactions, and the page size."""
    data = open(wal_path, "rb").read()
    if len(data) < WAL_HEADER:
        sys.exit(f"bench_wal_pages: {wal_path} has no log header")
    page_size = struct.unpack(">I", data[8:12])[0]
    salt = data[16:24]
    pages, commits, committed = [], 0, 0
    offset = WAL_HEADER
    while offset + FRAME_HEADER + page_size <= len(data):
        page, size_after_commit = struct.unpack(">II", data[offset:offset + 8])
        # Frames left over from before the log last restarted carry the old salt.
        if data[offset + 8:offset + 16] != salt:
            break
        pages.append(page)
        if size_after_commit:
            commits += 1
            committed = len(pages)
        offset += FRAME_HEADER + page_size
    return pages[:committed], commits, page_size


def owners(db_path, page_size):
    """Each page of the database file, by the name of the B-tree it belongs to."""
    data = open(db_path, "rb").read()
    page_count = len(data) // page_size

    def page(number):
        return data[(number - 1) * page_size:number * page_size]

    # The schema's own B-tree is rooted at page 1; every other's root is in its rows.
    con = sqlite3.connect(f"file:{db_path}?mode=ro&immutable=1", uri=True)
    try:
        roots = [("sqlite_schema", 1)] + con.execute("SELECT name, rootpage FROM sqlite_schema WHERE rootpage > 0").fetchall()
    finally:
        con.close()

    owner = {}
    for name, root in roots:
        stack = [root]
        while stack:
            number = stack.pop()
            if number in owner or number < 1 or number > page_count:
                continue
            owner[number] = name
            body = page(number)
            header = 100 if number == 1 else 0
            kind = body[header]
            # Interior pages (2: index, 5: table) point at their children: the right-most child
            # in the header, the others at the front of each cell.
            if kind in (2, 5):
                cells = struct.unpack(">H", body[header + 3:header + 5])[0]
                stack.append(struct.unpack(">I", body[header + 8:header + 12])[0])
                for cell in range(cells):
                    at = struct.unpack(">H", body[header + 12 + 2 * cell:header + 14 + 2 * cell])[0]
                    stack.append(struct.unpack(">I", body[at:at + 4])[0])
    return owner


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("db")
    parser.add_argument("wal")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    pages, commits, page_size = frames(args.wal)
    if not commits:
        sys.exit("bench_wal_pages: the log holds no committed transaction")
    owner = owners(args.db, page_size)
    written = collections.Counter(owner.get(page, NEW) for page in pages)
    distinct = collections.Counter(owner.get(page, NEW) for page in set(pages))
    print(f"{len(pages)} frames of {page_size} bytes in {commits} commits: {len(pages) / commits:.1f} frames a commit")
    for name, count in written.most_common(args.top):
        print(f"{count / commits:7.2f} frames a commit {distinct[name]:7d} distinct pages  {name}")


if __name__ == "__main__":
    main()
