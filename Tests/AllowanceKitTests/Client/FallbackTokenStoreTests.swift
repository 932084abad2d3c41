import AllowanceKit
import Foundation
import Testing

/// The app keeps its session in the shared Keychain group when it can, in its own otherwise.
@Suite struct FallbackTokenStoreTests {
    let session = StoredSession(server: URL(string: "http://127.0.0.1:8080")!, token: "t1")

    @Test func aSharedStoreThatWorksHoldsTheSession() throws {
        // setup
        let shared = InMemoryTokenStore()
        let local = InMemoryTokenStore(StoredSession(server: session.server, token: "old"))
        let store = FallbackTokenStore(shared: shared, local: local)
        // act
        try store.save(session)
        // assert
        #expect(shared.load()?.token == "t1")
        #expect(local.load() == nil)
        #expect(try store.load()?.token == "t1")
        try store.clear()
        #expect(try store.load() == nil)
    }

    @Test func aSharedStoreThatRefusesLeavesTheSessionLocal() throws {
        let local = InMemoryTokenStore()
        let store = FallbackTokenStore(shared: RefusingTokenStore(), local: local)
        try store.save(session)
        #expect(local.load()?.token == "t1")
        #expect(try store.load()?.token == "t1")
        try store.clear()
        #expect(local.load() == nil)
    }
}

/// A Keychain group the build has no entitlement for.
struct RefusingTokenStore: TokenStore {
    struct Refusal: Error {}
    func load() throws -> StoredSession? { throw Refusal() }
    func save(_ session: StoredSession) throws { throw Refusal() }
    func clear() throws { throw Refusal() }
}
