import Fluent
import Vapor

/// The database configuration as given, carrying the application's metrics. A `Database` knows
/// nothing of the application it serves, but every one it makes (a request's, a job's, a
/// transaction's) keeps the configuration it was made from: so code that holds only a
/// database, such as `LedgerService.post`, still reaches its own server's metrics, and two
/// applications in one process (the tests) never count into each other's.
struct MeteredDatabaseConfiguration: DatabaseConfiguration {
    var base: any DatabaseConfiguration
    let metrics: ServerMetrics

    var middleware: [any AnyModelMiddleware] {
        get { base.middleware }
        set { base.middleware = newValue }
    }

    func makeDriver(for databases: Databases) -> any DatabaseDriver { base.makeDriver(for: databases) }
}

extension Application {
    /// The database configuration to use: the one given, carrying the metrics when they are on.
    func metered(_ configuration: DatabaseConfigurationFactory) -> any DatabaseConfiguration {
        guard let metrics else { return configuration.make() }
        return MeteredDatabaseConfiguration(base: configuration.make(), metrics: metrics)
    }
}

extension Database {
    /// The metrics of the application this database belongs to; nil when they are off.
    var metrics: ServerMetrics? { (context.configuration as? MeteredDatabaseConfiguration)?.metrics }
}

extension ServiceContext {
    /// For the write path: records how long this write waited, from `queued` (taken when it
    /// asked for its turn) to now (when its transaction's work begins).
    func recordWriteWait(since queued: ContinuousClock.Instant) {
        application.metrics?.recordWriteWait(queued.duration(to: .now))
    }
}
