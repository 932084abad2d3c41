import Foundation
import Vapor

/// The shared parts one running application owns. They live on the `Application`, not in
/// statics, so two applications in one process (the tests) never share a gate.
final class ServerState: Sendable {
    /// SQLite cannot upgrade a reading transaction to a writing one while another connection
    /// writes (it fails with SQLITE_BUSY instead of waiting), so on SQLite this server's writes
    /// go through one queue that commits them in groups. PostgreSQL takes row locks, runs
    /// concurrent transactions and groups their flushes itself; there, only parents' postings
    /// are grouped, for the statements they share (`PostingGroups`).
    let groupCommit: GroupCommit?
    /// Parents' postings on PostgreSQL; nil on SQLite, whose group commit takes them.
    let postingGroups: PostingGroups?
    /// New families per client address and hour; nil when registration is not limited.
    let registrationLimit: RateLimit?

    /// `writer`: SQLite's connection for the group commit; nil on PostgreSQL.
    init(writer: SQLiteWriter?, registrationsPerHour: Int) {
        groupCommit = writer.map(GroupCommit.init(writer:))
        postingGroups = writer == nil ? PostingGroups() : nil
        registrationLimit = registrationsPerHour > 0 ? .registration(perHour: registrationsPerHour) : nil
    }
}

extension Application {
    private struct ServerStateKey: StorageKey { typealias Value = ServerState }

    /// Set up in `configure`, before anything reads or writes.
    var serverState: ServerState {
        get { storage[ServerStateKey.self]! }
        set { storage[ServerStateKey.self] = newValue }
    }
}
