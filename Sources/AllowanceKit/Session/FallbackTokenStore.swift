import Foundation

/// A session kept where the widgets and intents can read it (a shared Keychain group) when
/// the device allows it, and in the app's own store otherwise (a build without the shared
/// group's entitlement): signing in never fails for want of sharing; the widgets then ask
/// the person to open the app.
public struct FallbackTokenStore: TokenStore {
    public let shared: any TokenStore
    public let local: any TokenStore

    public init(shared: any TokenStore, local: any TokenStore) {
        self.shared = shared
        self.local = local
    }

    /// The shared copy first; a store that cannot be read counts as empty.
    public func load() throws -> StoredSession? {
        if let session = try? shared.load() { return session }
        return try local.load()
    }

    /// Into the shared store when it takes it (and the local copy is removed, so an old
    /// session never outlives a new one); otherwise into the local store.
    public func save(_ session: StoredSession) throws {
        do {
            try shared.save(session)
            try? local.clear()
        } catch {
            try local.save(session)
        }
    }

    public func clear() throws {
        try? shared.clear()
        try local.clear()
    }
}
