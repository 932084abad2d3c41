import AllowanceAPI
import AllowanceKit
import Foundation
import Testing

@Suite struct SessionTests {
    @Test func aTokenCloseToExpiryIsRefreshedBeforeTheCall() async throws {
        try await withLiveServer { server in
            // setup: the client's clock says the day-long token has 2 minutes left
            let store = InMemoryTokenStore()
            let clock = TestClock()
            let transport = CountingTransport()
            let client = server.client(tokenStore: store, transport: transport, clientNow: { clock.now })
            let auth = try await client.login(email: LiveServer.parentEmail, password: LiveServer.password)
            clock.now = auth.expiresAt.addingTimeInterval(-120)
            // act
            let children = try await client.children()
            // assert
            #expect(children.count == 2)
            #expect(transport.count("/api/v1/auth/refresh") == 1)
            let renewed = try #require(store.load())
            #expect(renewed.token != auth.token)
            #expect(renewed.user?.email == LiveServer.parentEmail)
        }
    }

    @Test func callsAtTheSameTimeShareOneRefresh() async throws {
        try await withLiveServer { server in
            // setup
            let clock = TestClock()
            let transport = CountingTransport()
            let client = server.client(transport: transport, clientNow: { clock.now })
            let auth = try await client.login(email: LiveServer.parentEmail, password: LiveServer.password)
            clock.now = auth.expiresAt.addingTimeInterval(-60)
            // act: the refresh revokes the old token, so a second refresh with it would sign out
            async let children = client.children()
            async let family = client.family()
            async let dashboard = client.parentDashboard()
            let answers = try await (children.count, family.name, dashboard.childCount)
            // assert
            #expect(answers == (2, "The Demo Family", 2))
            #expect(transport.count("/api/v1/auth/refresh") == 1)
        }
    }

    @Test func anExpiredSessionEndsSignedOutAndForgotten() async throws {
        try await withLiveServer { server in
            // setup: signed in, then the server's day passes (the client does not know)
            let store = InMemoryTokenStore()
            let client = server.client(tokenStore: store)
            try await client.login(email: LiveServer.parentEmail, password: LiveServer.password)
            let told = SessionLog()
            await client.observeSession { told.append($0?.token) }
            server.now.value = server.now.value.addingTimeInterval(2 * 24 * 3600)
            // act
            let error = await #expect(throws: APIError.self) { try await client.children() }
            // assert: a state a person can act on
            #expect(error == .signedOut)
            #expect(error?.message == "Your session has ended. Please sign in again.")
            #expect(store.load() == nil)
            #expect(told.values == [nil])
            // and signing in again works
            try await client.login(email: LiveServer.parentEmail, password: LiveServer.password)
            #expect(try await client.children().count == 2)
        }
    }

    @Test func aCorruptedTokenIsRetriedOnceThenSignedOut() async throws {
        try await withLiveServer { server in
            let store = InMemoryTokenStore(StoredSession(server: server.url, token: "not-a-token", expiresAt: nil))
            let transport = CountingTransport()
            let client = server.client(tokenStore: store, transport: transport)
            let error = await #expect(throws: APIError.self) { try await client.children() }
            #expect(error == .signedOut)
            #expect(transport.count("/api/v1/children") == 1)
            #expect(transport.count("/api/v1/auth/refresh") == 1)
            #expect(store.load() == nil)
        }
    }

    @Test func logoutEndsTheSessionOnTheServerToo() async throws {
        try await withLiveServer { server in
            let store = InMemoryTokenStore()
            let client = try await server.parentClient(tokenStore: store)
            let token = try #require(store.load()?.token)
            try await client.logout()
            #expect(store.load() == nil)
            let reuse = server.client(tokenStore: InMemoryTokenStore(StoredSession(server: server.url, token: token)))
            await #expect(throws: APIError.signedOut) { try await reuse.children() }
        }
    }

    @Test func theCredentialsFileIsPrivateAndRoundTrips() throws {
        // setup
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("allowance-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = FileTokenStore.defaultURL(environment: ["XDG_CONFIG_HOME": directory.path])
        let store = FileTokenStore(url: url)
        let session = StoredSession(
            server: URL(string: "http://127.0.0.1:8080")!, token: "secret", expiresAt: Date(timeIntervalSince1970: 1_800_000_000))
        // act
        try store.save(session)
        try store.save(session)
        // assert
        #expect(url.path == directory.path + "/allowance/credentials.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try store.load()?.token == "secret")
        #expect(try store.load()?.expiresAt == session.expiresAt)
        try store.clear()
        #expect(try store.load() == nil)
    }

    @Test func theDefaultLocationFollowsHomeWithoutXDG() {
        let url = FileTokenStore.defaultURL(environment: ["HOME": "/home/pat"])
        #expect(url.path == "/home/pat/.config/allowance/credentials.json")
    }
}

/// What a session observer was told, in order.
final class SessionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var told: [String?] = []
    func append(_ value: String?) { lock.withLock { told.append(value) } }
    var values: [String?] { lock.withLock { told } }
}
