import AllowanceAPI
import AllowanceKit
import AllowanceServer
import Foundation
import Vapor

/// The real server, listening on 127.0.0.1 on a free port, on a fresh SQLite file with the
/// demo family (parent@example.com, kai@example.com, freya@example.com; password "allowance").
/// Always SQLite, even when TEST_DATABASE_URL is set: the client tests need their own server
/// and demo family, not a shared database.
struct LiveServer: Sendable {
    let app: Application
    /// The server's clock: tests move it to make a token expire on the server.
    let now: NowBox
    let url: URL

    static let password = "allowance"
    static let parentEmail = "parent@example.com"

    /// A client of this server with its own in-memory session.
    func client(
        tokenStore: any TokenStore = InMemoryTokenStore(), transport: any HTTPTransport = URLSessionTransport(),
        clientNow: @escaping @Sendable () -> Date = { Date() }
    ) -> APIClient {
        APIClient(server: url, tokenStore: tokenStore, transport: transport, timeout: 10, now: clientNow)
    }

    /// A client signed in as the demo parent.
    func parentClient(tokenStore: any TokenStore = InMemoryTokenStore(), transport: any HTTPTransport = URLSessionTransport()) async throws
        -> APIClient
    {
        let client = client(tokenStore: tokenStore, transport: transport)
        try await client.login(email: Self.parentEmail, password: Self.password)
        return client
    }
}

/// Starts the server, runs `body`, and stops it (and removes its database) whatever happens.
func withLiveServer(_ body: (LiveServer) async throws -> Void) async throws {
    let app = try await Application.make(.testing)
    app.logger.logLevel = .warning
    let now = NowBox(Date())
    app.clock = .fixed(now)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("allowance-kit-\(UUID().uuidString).sqlite").path
    defer {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    do {
        // The plain demo family (Kai and Freya joined today, $100.00 each): these tests start from it.
        var options = ServerOptions(database: .sqlite(path: path), seedDemoFamily: true, passwordCost: 4)
        options.demoHistory = false
        try await configure(app, options: options)
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = app.http.server.shared.localAddress?.port else { throw LiveServerError.noPort }
        try await body(LiveServer(app: app, now: now, url: URL(string: "http://127.0.0.1:\(port)")!))
    } catch {
        await app.server.shutdown()
        try? await app.asyncShutdown()
        throw error
    }
    await app.server.shutdown()
    try await app.asyncShutdown()
}

enum LiveServerError: Error { case noPort }

/// A server address where nothing listens (port 1 needs root to open and is never served here).
let unreachableServer = URL(string: "http://127.0.0.1:1")!
