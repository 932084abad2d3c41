import Foundation

/// Where the session is kept: the Keychain on Apple platforms, a private file on Linux,
/// memory in tests and for `ALLOWANCE_TOKEN`.
public protocol TokenStore: Sendable {
    func load() throws -> StoredSession?
    func save(_ session: StoredSession) throws
    func clear() throws
}

/// Keeps the session for the life of the process.
public final class InMemoryTokenStore: TokenStore, @unchecked Sendable {
    // A lock guards the value: the client reads it from any task.
    private let lock = NSLock()
    private var session: StoredSession?

    public init(_ session: StoredSession? = nil) { self.session = session }

    public func load() -> StoredSession? { lock.withLock { session } }
    public func save(_ session: StoredSession) { lock.withLock { self.session = session } }
    public func clear() { lock.withLock { session = nil } }
}
