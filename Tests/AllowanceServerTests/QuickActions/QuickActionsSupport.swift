import AllowanceAPI
import Foundation
import SQLKit
import Testing
import Vapor

@testable import AllowanceServer

/// "2026-11-28T05:00:00Z" as a Date.
func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

extension TestClient {
    /// Moves the clock to `date` and runs every registered job for `family`, as the scheduler
    /// does (scoped, because tests on PostgreSQL share the database). A job error fails the
    /// test. Returns how many occurrences each job handled.
    @discardableResult
    func runJobs(at date: Date, for family: TestFamily, sourceLocation: SourceLocation = #_sourceLocation) async -> [String: Int] {
        now.value = date
        var handled: [String: Int] = [:]
        for result in await JobRunner.runAll(app.context(now: date, familyScope: family.parent.familyId)) {
            if let error = result.error { Issue.record("job \(result.name) failed: \(error)", sourceLocation: sourceLocation) }
            handled[result.name] = result.handled
        }
        return handled
    }

    /// Signs everyone in again: tokens last 24 hours of the app clock, and these tests move it by weeks.
    func signIn(_ family: TestFamily) async throws -> TestFamily {
        var fresh = family
        fresh.parent = try await call(.POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "secret1"))
        fresh.children = try await family.children.asyncMap { child in
            let login: AuthResponse = try await call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: child.email, password: "secret1"))
            return TestChild(id: child.id, userId: child.userId, token: login.token, email: child.email)
        }
        return fresh
    }

    func createRecurring(_ input: CreateRecurringTransactionDto, in family: TestFamily) async throws -> RecurringTransactionDto {
        try await call(.POST, "/api/v1/recurring-transactions", token: family.parent.token, json: input)
    }

    func recurring(_ id: UUID, in family: TestFamily) async throws -> RecurringTransactionDto {
        try await call(.GET, "/api/v1/recurring-transactions/\(id)", token: family.parent.token)
    }

    /// A second parent in the family (the API only registers a parent with a new family).
    func addParent(to family: TestFamily, firstName: String) async throws -> AuthResponse {
        let email = "\(firstName.lowercased())-\(family.tag)@example.com"
        let hash = try await app.password.async(on: app.threadPool, hopTo: app.eventLoopGroup.next()).hash("secret1")
        let user = User(
            familyID: family.parent.familyId, email: email, passwordHash: hash, firstName: firstName, lastName: "Parent", role: .parent)
        try await user.create(on: app.db)
        return try await call(.POST, "/api/v1/auth/login", json: LoginRequest(email: email, password: "secret1"))
    }
}

/// A recurring transaction for `child` with the usual test settings.
func recurringInput(
    for child: TestChild, name: String = "Comic club", cents: Int64 = 2_00, type: TransactionType = .debit,
    pattern: RecurrencePattern = .weekly,
    dayOfWeek: Int? = 1, dayOfMonth: Int? = nil, time: String? = "09:00", start: Date = testStart, end: Date? = nil, max: Int? = nil,
    approval: Bool = false
) -> CreateRecurringTransactionDto {
    CreateRecurringTransactionDto(
        childId: child.id, name: name, amount: Money(cents: cents), type: type, category: "Clubs", description: nil, pattern: pattern,
        dayOfWeek: dayOfWeek, dayOfMonth: dayOfMonth, timeOfDay: time.flatMap(TimeOfDay.init(parsing:)), startDate: start, endDate: end,
        maxOccurrences: max, requiresApproval: approval)
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}

/// Runs `body` with another fully configured server on the same database as `client`'s, as
/// another machine behind one PostgreSQL would be.
func withTwin(of client: TestClient, _ body: (Application) async throws -> Void) async throws {
    let setting: DatabaseSetting
    if let url = testPostgresURL {
        setting = .postgres(url: url)
    } else {
        struct File: Decodable { let file: String }
        let file = try await client.app.db.sql.raw("SELECT file FROM pragma_database_list WHERE name = 'main'").first(
            decoding: File.self)
        setting = .sqlite(path: try #require(file?.file))
    }
    let twin = try await Application.make(.testing)
    twin.logger.logLevel = .warning
    twin.clock = .fixed(client.now)
    do {
        // Like `withApp`: on the shared PostgreSQL one configure at a time runs the migrations.
        try await migrationGate.run {
            try await configure(twin, options: ServerOptions(database: setting, seedDemoFamily: false, passwordCost: 4))
        }
        try await body(twin)
    } catch {
        try? await twin.asyncShutdown()
        throw error
    }
    try await twin.asyncShutdown()
}

/// A third server for the tests that run three: its own on PostgreSQL (the deployment the
/// issue names, three servers on one PostgreSQL); on SQLite the first one again. SQLite's calls
/// block the process's two shared I/O threads while they wait for the file's lock, and three
/// servers waiting at once leave no thread for the one holding it to commit.
func withThirdInstance(of client: TestClient, _ body: (Application) async throws -> Void) async throws {
    if let url = testPostgresURL {
        try await withTwin(of: client, body)
    } else {
        try await body(client.app)
    }
}
