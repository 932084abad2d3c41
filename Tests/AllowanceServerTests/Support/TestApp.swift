import AllowanceAPI
import Foundation
import NIOCore
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// The shared PostgreSQL the tests run on (`TEST_DATABASE_URL`), or nil: each test then has a
/// fresh SQLite file.
let testPostgresURL = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

/// A fixed instant the tests start at: Saturday 2026-11-21 18:30 UTC (13:30 in New York).
let testStart = Date(timeIntervalSince1970: 1_795_285_800)

/// Runs `body` against a fully configured server on a real database: a fresh SQLite file by
/// default, or the PostgreSQL of `TEST_DATABASE_URL` (shared; every test makes its own family).
/// `metrics` turns on `GET /metrics` and the recording behind it (`METRICS=1`). `poolTimeout` is
/// how long a request waits for a pooled PostgreSQL connection: long by default, since the whole
/// suite shares two cores and one database. `connectionsPerLoop` is the pool's size per event
/// loop on PostgreSQL (the server's `DB_CONNECTIONS_PER_LOOP`).
func withApp(
    at start: Date = testStart, registrationsPerHour: Int = 0, metrics: Bool = false, poolTimeout: TimeAmount = .seconds(120),
    connectionsPerLoop: Int = 1, _ body: (TestClient) async throws -> Void
) async throws {
    // A server started inside another's body (two in one test) uses the outer one's slot, so
    // tests holding every slot never wait on each other.
    guard testPostgresURL != nil, !AppSlot.held else {
        return try await withConfiguredApp(at: start, registrationsPerHour, metrics, poolTimeout, connectionsPerLoop, body)
    }
    await appSlots.enter()
    do {
        try await AppSlot.$held.withValue(true) {
            try await withConfiguredApp(at: start, registrationsPerHour, metrics, poolTimeout, connectionsPerLoop, body)
        }
    } catch {
        await appSlots.leave()
        throw error
    }
    await appSlots.leave()
}

/// How many of the tests' servers live at once on the shared PostgreSQL. Each holds about four
/// connections (a pool connection per event loop and a session-lookup one per loop; twins and
/// wider pools more). With every test running in parallel, the servers alive together once
/// outnumbered PostgreSQL's 400 connection slots, and it refused new connections.
let appSlots = TestGate(width: 40)

private enum AppSlot {
    @TaskLocal static var held = false
}

private func withConfiguredApp(
    at start: Date, _ registrationsPerHour: Int, _ metrics: Bool, _ poolTimeout: TimeAmount, _ connectionsPerLoop: Int,
    _ body: (TestClient) async throws -> Void
) async throws {
    let app = try await Application.make(.testing)
    app.logger.logLevel = .warning
    let now = NowBox(start)
    app.clock = .fixed(now)
    let setting: DatabaseSetting
    var sqliteFile: String?
    if let url = testPostgresURL {
        setting = .postgres(url: url)
    } else {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("allowance-test-\(UUID().uuidString).sqlite").path
        sqliteFile = path
        setting = .sqlite(path: path)
    }
    do {
        var options = ServerOptions(
            database: setting, seedDemoFamily: false, passwordCost: 4, registrationsPerHour: registrationsPerHour)
        options.metrics = metrics
        options.postgresPoolTimeout = poolTimeout
        options.postgresConnectionsPerLoop = connectionsPerLoop
        if sqliteFile == nil {
            // Tests run in parallel; on the shared PostgreSQL one at a time creates the schema.
            try await migrationGate.run { [options] in try await configure(app, options: options) }
        } else {
            try await configure(app, options: options)
        }
        try await body(TestClient(app: app, now: now))
    } catch {
        try? await app.asyncShutdown()
        removeSQLite(sqliteFile)
        throw error
    }
    try await app.asyncShutdown()
    removeSQLite(sqliteFile)
}

private func removeSQLite(_ path: String?) {
    guard let path else { return }
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

let migrationGate = TestGate(width: 1)

/// Sends requests to the in-process server the way a client would.
struct TestClient: Sendable {
    let app: Application
    let now: NowBox

    @discardableResult
    func send(
        _ method: HTTPMethod, _ path: String, token: String? = nil, json: (any Encodable & Sendable)? = nil, body: String? = nil,
        headers extra: [(String, String)] = []
    ) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
        var buffer: ByteBuffer?
        if let json {
            headers.contentType = .json
            buffer = ByteBuffer(data: try JSONEncoder.api.encode(json))
        } else if let body {
            headers.contentType = .json
            buffer = ByteBuffer(string: body)
        }
        for (name, value) in extra { headers.replaceOrAdd(name: name, value: value) }
        return try await app.testing().sendRequest(method, path, headers: headers, body: buffer)
    }

    /// Sends and decodes a success, failing the test with the server's message otherwise.
    func call<T: Decodable>(
        _ method: HTTPMethod, _ path: String, token: String? = nil, json: (any Encodable & Sendable)? = nil, as type: T.Type = T.self,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> T {
        let response = try await send(method, path, token: token, json: json)
        guard (200..<300).contains(response.status.code) else {
            Issue.record("\(method) \(path) answered \(response.status.code): \(response.body.string)", sourceLocation: sourceLocation)
            throw TestFailure.unexpectedStatus(response.status.code)
        }
        return try JSONDecoder.api.decode(T.self, from: Data(response.body.readableBytesView))
    }

    // MARK: - Fixtures

    /// A new family with a parent, and optionally children with opening balances.
    func family(
        name: String = "Test Family", timeZone: String = "America/New_York", children: [(String, Money)] = []
    ) async throws -> TestFamily {
        let tag = UUID().uuidString.prefix(8).lowercased()
        let auth: AuthResponse = try await call(
            .POST, "/api/v1/auth/register/parent",
            json: RegisterParentRequest(
                email: "parent-\(tag)@example.com", password: "secret1", firstName: "Pat", lastName: "Parent", familyName: name,
                timeZone: timeZone))
        var family = TestFamily(parent: auth, tag: String(tag))
        for (childName, balance) in children {
            family.children.append(try await addChild(to: family, name: childName, balance: balance))
        }
        return family
    }

    func addChild(to family: TestFamily, name: String, balance: Money, allowance: Money = Money(cents: 1000), day: Weekday = .saturday)
        async throws -> TestChild
    {
        let email = "\(name.lowercased())-\(family.tag)@example.com"
        let child: ChildResponse = try await call(
            .POST, "/api/v1/auth/register/child", token: family.parent.token,
            json: RegisterChildRequest(
                email: email, password: "secret1", firstName: name, lastName: "Kid", weeklyAllowance: allowance, allowanceDay: day,
                initialBalance: balance))
        let login: AuthResponse = try await call(.POST, "/api/v1/auth/login", json: LoginRequest(email: email, password: "secret1"))
        return TestChild(id: child.id, userId: child.userId, token: login.token, email: email)
    }

    @discardableResult
    func post(_ type: TransactionType, _ cents: Int64, to child: TestChild, in family: TestFamily, description: String = "Test")
        async throws -> TestingHTTPResponse
    {
        try await send(
            .POST, "/api/v1/transactions", token: family.parent.token,
            json: CreateTransactionRequest(childId: child.id, amount: Money(cents: cents), type: type, description: description))
    }

    func balance(of child: TestChild, in family: TestFamily) async throws -> Money {
        let response: ChildBalanceResponse = try await call(.GET, "/api/v1/children/\(child.id)/balance", token: family.parent.token)
        return response.currentBalance
    }

    /// A child's ledger, oldest first, as a passbook reads (at most 100 rows).
    func ledger(of child: TestChild, in family: TestFamily, search: String? = nil) async throws -> [TransactionResponse] {
        let query = search.map { "&search=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) } ?? ""
        let list: TransactionListResponse = try await call(
            .GET, "/api/v1/children/\(child.id)/transactions?limit=100\(query)", token: family.parent.token)
        return list.transactions.reversed()
    }

    func notifications(token: String) async throws -> [NotificationDto] {
        let list: NotificationListResponse = try await call(.GET, "/api/v1/notifications?limit=200", token: token)
        return list.notifications
    }

    /// The ledger check for one family (the PostgreSQL test database is shared).
    func audit(_ family: TestFamily) async throws -> LedgerAudit.Report {
        try await LedgerAudit.run(on: app.db, familyID: family.parent.familyId)
    }
}

struct TestFamily: Sendable {
    var parent: AuthResponse
    var tag: String
    var children: [TestChild] = []
}

struct TestChild: Sendable {
    let id: UUID
    let userId: UUID
    let token: String
    let email: String
}

enum TestFailure: Error { case unexpectedStatus(UInt) }

extension TestingHTTPResponse {
    /// The `{"error": {"code", "message"}}` body.
    var error: ErrorResponse.Body? {
        (try? JSONDecoder.api.decode(ErrorResponse.self, from: Data(body.readableBytesView)))?.error
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder.api.decode(T.self, from: Data(body.readableBytesView))
    }
}
