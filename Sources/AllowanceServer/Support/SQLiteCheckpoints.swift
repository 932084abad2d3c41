import Logging
import NIOConcurrencyHelpers
import NIOPosix
import VaporCSQLite

/// The writer's checkpoints, which copy the log (`-wal`) back into the database file, made on
/// a connection of their own beside the writer's commits instead of inside them.
///
/// SQLite checkpoints by default in the commit that takes the log past 1,000 pages, so every
/// so often a group's commit also copies those pages back and waits for the file's flush; its
/// writers are answered that much later and the next group waits. Here the commit only asks
/// for a checkpoint, which another thread makes (passive: it copies what no reader still
/// needs, and never waits). If the log still reaches 10,000 pages (40 MB), because checkpoints
/// do not keep up or readers hold old pages, the commit makes one itself as SQLite would; most
/// of the log is copied by then, and the log on disk stays near 40 MB under load.
///
/// On the bench's mixed database, 32 connections posting: with SQLite's checkpoints, 1,830 to
/// 1,930 a second, p99 33 to 36 ms; with its checkpoints at 10,000 pages instead, 2,180 to
/// 2,430, but p99 73 to 89 ms (and 370 ms for the mixed load's postings, whose commits then
/// copied 40 MB); beside the commits, 2,180 to 2,230, p99 24 ms.
final class SQLiteCheckpoints: Sendable {
    typealias Hook = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32

    /// Log pages at which a commit asks for a checkpoint beside it, and makes one itself.
    static let askAt: Int32 = 1_000
    static let makeAt: Int32 = 10_000

    private let path: String
    private let threadPool: NIOThreadPool
    private let logger: Logger
    /// The checkpoints' connection (opened on first use), and whether one is being made.
    private let state = NIOLockedValueBox<(connection: SQLiteReads.Connection?, running: Bool)>((nil, false))

    init(path: String, threadPool: NIOThreadPool, logger: Logger) {
        self.path = path
        self.threadPool = threadPool
        self.logger = logger
    }

    func close() {
        state.withLockedValue { $0.connection?.close() }
    }

    /// SQLite calls it after each of the writer's commits, on the committing thread, with the
    /// writer's handle: the log now has `pages` pages.
    static let hook: Hook = { context, handle, name, pages in
        guard let context else { return SQLITE_OK }
        if pages >= makeAt {
            _ = sqlite_nio_sqlite3_wal_checkpoint_v2(handle, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        } else if pages >= askAt {
            Unmanaged<SQLiteCheckpoints>.fromOpaque(context).takeUnretainedValue().ask()
        }
        return SQLITE_OK
    }

    /// Starts a checkpoint on the I/O threads unless one is being made.
    private func ask() {
        let start = state.withLockedValue { state in
            defer { state.running = true }
            return !state.running
        }
        guard start else { return }
        threadPool.submit { work in self.make(work) }
    }

    private func make(_ work: NIOThreadPool.WorkItemState) {
        defer { state.withLockedValue { $0.running = false } }
        // A pool shutting down hands back what it will not run: the writer's last connection
        // to close makes the final checkpoint.
        guard case .active = work else { return }
        do {
            let connection = try state.withLockedValue { state in
                let connection = try state.connection ?? SQLiteReads.Connection(path: path, writes: true, busyTimeout: 0)
                state.connection = connection
                return connection
            }
            try connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        } catch {
            logger.warning("checkpoint of \(path) failed: \(error)")
        }
    }
}
