import AllowanceAPI
import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import JWT
import Leaf
import LeafKit
import Vapor

/// Where the data lives.
public enum DatabaseSetting: Sendable {
    case sqlite(path: String)
    case postgres(url: String)

    /// `DATABASE_URL=postgres://...` selects PostgreSQL; otherwise SQLite in `SQLITE_PATH`
    /// (default `./allowance.sqlite`).
    public static func fromEnvironment() -> DatabaseSetting {
        if let url = Environment.get("DATABASE_URL"), !url.isEmpty { return .postgres(url: url) }
        return .sqlite(path: Environment.get("SQLITE_PATH") ?? "allowance.sqlite")
    }
}

public struct ServerOptions: Sendable {
    public var database: DatabaseSetting
    /// Create the demo family when the database has no family yet.
    public var seedDemoFamily: Bool
    /// Give it twelve weeks of history (`DemoFamily+History`); without, Kai and Freya start
    /// today with an opening $100.00 each (the client's tests use that plain family).
    public var demoHistory = true
    /// bcrypt cost; tests lower it to stay quick.
    public var passwordCost: Int
    public var jwtSecret: String
    /// New families one client address may register per hour; 0 turns the limit off (the
    /// tests, which register hundreds of families from one address).
    public var registrationsPerHour: Int
    /// PostgreSQL connections per event loop (one loop per core). Writers wait for their
    /// commit's flush; with several connections their transactions overlap and PostgreSQL
    /// flushes them together. The tests keep one: they run hundreds of servers at once.
    public var postgresConnectionsPerLoop = 1
    /// How long a request waits for a pooled PostgreSQL connection before it fails (Fluent's
    /// default). The tests wait longer: the whole suite runs at once on two cores, and twenty
    /// writers of one goal, queued for a test server's two connections behind one another's
    /// row locks, once waited past ten seconds there.
    public var postgresPoolTimeout: TimeAmount = .seconds(10)
    /// Serve `GET /metrics` (Prometheus) and record what it shows; off unless `METRICS=1`.
    public var metrics = false
    /// Keep answers to signed-in reads (`ResponseCache`); `RESPONSE_CACHE=0` turns
    /// it off, to measure without it.
    public var responseCache = true

    public init(
        database: DatabaseSetting, seedDemoFamily: Bool, passwordCost: Int = 10, jwtSecret: String? = nil, registrationsPerHour: Int = 0
    ) {
        self.database = database
        self.seedDemoFamily = seedDemoFamily
        self.passwordCost = passwordCost
        self.jwtSecret = jwtSecret ?? Self.developmentSecret
        self.registrationsPerHour = registrationsPerHour
    }

    public static func fromEnvironment() -> ServerOptions {
        var options = ServerOptions(
            database: .fromEnvironment(), seedDemoFamily: Environment.get("SEED_DEMO") != "0",
            passwordCost: Environment.get("BCRYPT_COST").flatMap(Int.init) ?? 10, jwtSecret: Environment.get("JWT_SECRET"),
            registrationsPerHour: Environment.get("REGISTRATION_LIMIT").flatMap(Int.init) ?? 20)
        options.demoHistory = Environment.get("SEED_DEMO_HISTORY") != "0"
        options.postgresConnectionsPerLoop = Environment.get("DB_CONNECTIONS_PER_LOOP").flatMap(Int.init).map { max($0, 1) } ?? 4
        options.metrics = Environment.get("METRICS") == "1"
        options.responseCache = Environment.get("RESPONSE_CACHE") != "0"
        return options
    }

    /// Used only when JWT_SECRET is unset (development); production must set its own.
    static let developmentSecret = "allowance-tracker-development-secret-change-me-in-production-0123456789"
}

/// Sets up the whole server: database, migrations, security, routes, commands.
public func configure(_ app: Application, options: ServerOptions = .fromEnvironment()) async throws {
    if app.environment == .production {
        // A known or short key lets anyone sign tokens: production does not start with one.
        if options.jwtSecret == ServerOptions.developmentSecret {
            throw ConfigurationError(
                "JWT_SECRET is not set. Set it to a random secret of at least 32 bytes, e.g. JWT_SECRET=$(openssl rand -hex 32).")
        }
        if options.jwtSecret.utf8.count < 32 {
            throw ConfigurationError(
                "JWT_SECRET is \(options.jwtSecret.utf8.count) bytes; it must be at least 32 (e.g. JWT_SECRET=$(openssl rand -hex 32)).")
        }
    }
    app.metrics = options.metrics ? ServerMetrics() : nil
    switch options.database {
    case .sqlite(let path):
        // SQLite's calls block a thread of this pool, and one waiting for the file's lock
        // (SQLiteNIO's busy handler retries at once, forever) keeps its thread until the lock
        // is free. Each reading connection (one per event loop) may write outside the group
        // commit and wait so, while the group holding the lock finishes on its own thread
        // (`SQLiteWriter`). With threads for all of them and one more, the pool always has
        // one; and one more for the writer's checkpoints (`SQLiteCheckpoints`). Set before
        // `app.databases` is first used: the drivers take the pool then.
        app.threadPool = NIOThreadPool(numberOfThreads: System.coreCount + 2)
        app.sqliteReads = SQLiteReads(path: path)
        app.databases.use(app.serverDatabase(.sqlite(.file(path)), reads: app.sqliteReads), as: .sqlite)
    case .postgres(let url):
        // The pools and the session lookups' connection reach the same server the same way.
        let configuration = try SQLPostgresConfiguration(url: url)
        app.postgresStatements = PostgresStatements()
        // Requests and posting groups run on their connections' loops (`EventLoopExecutor`).
        app.eventLoopExecutors = EventLoopExecutors(group: app.eventLoopGroup)
        // Two lookup connections, each on its own loop when there are two (`PostgresSessionLookups.init`).
        await app.use(
            PostgresSessionLookups(
                configuration: configuration.coreConfiguration, on: Array(app.eventLoopGroup.makeIterator().prefix(2)),
                executors: app.eventLoopExecutors))
        app.databases.use(
            app.serverDatabase(
                .postgres(
                    configuration: configuration, maxConnectionsPerEventLoop: options.postgresConnectionsPerLoop,
                    connectionPoolTimeout: options.postgresPoolTimeout),
                postgresStatements: app.postgresStatements),
            as: .psql)
    }
    if case .sqlite(let path) = options.database {
        let writer = SQLiteWriter(path: path, threadPool: app.threadPool, context: app.db.context)
        app.serverState = ServerState(writer: writer, registrationsPerHour: options.registrationsPerHour)
    } else {
        app.serverState = ServerState(writer: nil, registrationsPerHour: options.registrationsPerHour)
    }
    // 32 MB: every page and API read of a few hundred busy families.
    if options.responseCache { app.responseCache = ResponseCache(budget: 32 << 20) }
    app.fragments = Fragments(budget: 16 << 20)
    app.migrations.add(AppMigrations.all)
    try await app.autoMigrate()
    app.postgresStatements?.start()
    if case .sqlite = options.database, let sql = app.db as? SQLDatabase {
        // Readers do not wait for writers in WAL mode; the setting is stored in the file.
        try await sql.raw("PRAGMA journal_mode=WAL").run()
    }

    await app.jwt.keys.add(hmac: HMACKey(from: options.jwtSecret), digestAlgorithm: .sha256)
    app.verifiedTokens = VerifiedTokens()
    app.passwords.use(.bcrypt(cost: options.passwordCost))
    app.jobs = JobRegistry()
    app.paydayHooks = PaydayHooks()
    // Payday first: a recurring debit due the same day sees the allowance.
    app.jobs.register(PaydayService.scheduledJob)
    app.jobs.register(RecurringJob.scheduledJob)
    app.jobs.register(LearningJob.scheduledJob)
    app.jobs.register(LearningReminders.streakJob)
    app.jobs.register(LearningReminders.summaryJob)
    app.jobs.register(IdempotencyMiddleware.expireJob)
    SavingsGoalsFeature.register(app)

    ContentConfiguration.global.use(encoder: WireJSONEncoder(), for: .json)
    ContentConfiguration.global.use(decoder: NULRefusingDecoder.json, for: .json)
    ContentConfiguration.global.use(decoder: NULRefusingDecoder.form, for: .urlEncodedForm)
    useResourceDirectory(app)
    // Leaf's getter makes a new file source (`NIOLeafFiles`) each time it is asked unless one
    // is set, and every page and fragment asks for it twice (the renderer, then the request's
    // own, `Request.leaf`): set once, it is about 2 % less of a page made afresh.
    app.leaf.sources = app.leaf.sources
    // Leaf's own provider turns its template cache off in development (Vapor's default
    // environment, so `serve` without `--env`), which reads and parses every template from disk
    // on each page. The templates are resources of this binary and never change while it runs:
    // they are parsed once, in every environment.
    app.views.use { app in
        LeafRenderer(
            configuration: app.leaf.configuration, tags: app.leaf.tags, cache: app.leaf.cache, sources: app.leaf.sources,
            eventLoop: app.eventLoopGroup.next(), userInfo: ["application": app])
    }
    app.leaf.tags["url"] = URLTag()
    let assets = try Assets.load(from: app.directory.publicDirectory)
    app.leaf.tags["asset"] = AssetTag(assets: assets)
    app.middleware = Middlewares()
    // Outermost, so shutdown waits for every handler still running (`StopServingFirst`).
    let requestsInFlight = RequestsInFlight()
    app.middleware.use(requestsInFlight)
    // Then, so every later middleware's log lines and every response carry the id.
    app.middleware.use(RequestIDMiddleware())
    // Next, so the count and the time take in everything after it, and the status is the one sent.
    if let metrics = app.metrics { app.middleware.use(MetricsMiddleware(metrics: metrics)) }
    app.middleware.use(ServerTimingMiddleware())
    app.middleware.use(SecurityHeadersMiddleware())
    app.middleware.use(AppErrorMiddleware())
    app.middleware.use(AssetMiddleware(assets: assets))

    try routes(app)
    app.responder.use { app in RouteResponder(routes: app.routes, middleware: app.middleware.resolve()) }
    app.asyncCommands.use(SeedCommand(), as: "seed")
    app.asyncCommands.use(VerifyCommand(), as: "verify")
    app.asyncCommands.use(BackupCommand(), as: "backup")
    app.asyncCommands.use(RunJobsCommand(), as: "run-jobs")
    app.asyncCommands.use(PlanCommand(), as: "plan")
    if app.environment != .testing, Scheduler.isServing(app),
        let interval = Scheduler.interval(fromEnvironment: Environment.get("SCHEDULER_INTERVAL"))
    {
        app.lifecycle.use(Scheduler(interval: interval))
    }
    app.lifecycle.use(StopServingFirst(requests: requestsInFlight))

    if options.seedDemoFamily {
        try await DemoFamily.seedIfEmpty(app, withHistory: options.demoHistory)
    }
}

func routes(_ app: Application) throws {
    // The largest body any form or API call needs is a few hundred bytes; 16 KB leaves room
    // and refuses (413) anything bigger before it is read into memory.
    app.routes.defaultMaxBodySize = "16kb"
    try app.register(collection: HealthController())
    app.get("openapi.json") { _ in OpenAPIDocument.response() }
    app.registerMetricsRoute()
    APIEndpoints.register(on: app)

    let web = app.inline(WebSessionAuthenticator(), CSRFMiddleware())
    web.get(SiteURL.home.pathComponents) { req in req.redirect(to: (req.auth.has(AuthUser.self) ? SiteURL.dashboard : .login).path) }
    try web.register(collection: AuthPages())
    try web.register(collection: LegalPages())
    let pages = web.inline(RequireWebUser(), CachedReadMiddleware(requiredCookie: CSRFMiddleware.cookieName))
    try pages.register(collection: DashboardPages())
    try pages.register(collection: ChildPages())
    try pages.register(collection: TransactionPages())
    try pages.register(collection: SettingsPages())
    try pages.register(collection: RecurringPages())
    try pages.register(collection: GoalPages())
    try pages.register(collection: LearningPages())
    try pages.register(collection: TemplatePages())
}

/// Views and `Public/` are found from the working directory (the package root under
/// `swift run` and `swift test`); a binary started elsewhere falls back to the source tree.
private func useResourceDirectory(_ app: Application) {
    if let root = Environment.get("ALLOWANCE_ROOT") {
        app.directory = DirectoryConfiguration(workingDirectory: root)
        return
    }
    guard !FileManager.default.fileExists(atPath: app.directory.viewsDirectory) else { return }
    let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    app.directory = DirectoryConfiguration(workingDirectory: sourceRoot.path)
}

/// A setting the server refuses to start with, and what to do about it.
struct ConfigurationError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
