import AllowanceCore
import CoreMetrics
import Prometheus
import Vapor

/// What `GET /metrics` shows when `METRICS=1`: requests per route and status, how long writes
/// waited for their turn, SQLite's write groups, job runs, ledger postings, kept answers served
/// (the names are in `Name`).
///
/// Each application owns its registry and records through swift-metrics with a factory bound to
/// it, not through the global `MetricsSystem`. Bootstrapping that is once per process and traps
/// the second time, while the tests run many applications in one process at once, each counting
/// exactly its own server's requests and postings; and a server with metrics off records nothing
/// at all. Libraries that report to the global system (Vapor's own request counter) stay
/// unexported: this server records its own, under `allowance_` names that never meet theirs.
final class ServerMetrics: Sendable {
    enum Name {
        static let requests = "allowance_http_requests_total"
        static let requestDuration = "allowance_http_request_duration_seconds"
        static let writeWait = "allowance_db_write_wait_seconds"
        static let writeGroups = "allowance_db_write_group_writers"
        static let jobRuns = "allowance_job_runs_total"
        static let jobDuration = "allowance_job_duration_seconds"
        static let jobHandled = "allowance_job_handled_total"
        static let postings = "allowance_ledger_postings_total"
        static let cacheLookups = "allowance_response_cache_lookups_total"
    }

    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Most answers here take well under 5 ms, the library's smallest bucket.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
            .milliseconds(2500), .seconds(5), .seconds(10),
        ]
        // A payday over thousands of children takes seconds.
        factory.durationHistogramBuckets[Name.jobDuration] = [
            .milliseconds(10), .milliseconds(100), .seconds(1), .seconds(5), .seconds(15), .seconds(60), .seconds(300),
        ]
        // A group commit carries 1 to 128 writers.
        factory.valueHistogramBuckets[Name.writeGroups] = [1, 2, 4, 8, 16, 32, 64, 128]
        self.factory = factory
        // Shown at zero from the start, so a rate over the first postings is right.
        for type in TransactionType.allCases { _ = counter(Name.postings, [("type", type.rawValue)]) }
        for outcome in CacheOutcome.allCases { _ = counter(Name.cacheLookups, [("outcome", outcome.rawValue)]) }
    }

    /// The registry in Prometheus's text format (version 0.0.4).
    var text: String { registry.emitToString() }

    func recordRequest(method: String, route: String, status: UInt, duration: Duration) {
        let labels = [("method", method), ("route", route), ("status", String(status))]
        counter(Name.requests, labels).increment()
        timer(Name.requestDuration, labels).record(duration)
    }

    /// How long one write waited for its turn before its transaction's work began.
    func recordWriteWait(_ wait: Duration) {
        timer(Name.writeWait, []).record(wait)
    }

    /// One of SQLite's group commits committed `writers` writers, all together or, after one
    /// of them failed, one by one with a savepoint each (`GroupCommit`); on PostgreSQL, a
    /// posting group its postings, together or each alone (`PostingGroups`).
    func recordWriteGroup(writers: Int, oneByOne: Bool) {
        recorder(Name.writeGroups, [("run", oneByOne ? "one_by_one" : "together")]).record(writers)
    }

    func recordJobRun(_ result: JobRunner.Result) {
        let job = ("job", result.name)
        counter(Name.jobRuns, [job, ("outcome", result.error == nil ? "ok" : "failed")]).increment()
        counter(Name.jobHandled, [job]).increment(by: Int64(result.handled))
        timer(Name.jobDuration, [job]).record(result.duration)
    }

    /// Ledger entries written: one by `LedgerService.post`, a batch's by `PaydayBatch`.
    func recordPostings(_ type: TransactionType, count: Int = 1) {
        counter(Name.postings, [("type", type.rawValue)]).increment(by: Int64(count))
    }

    /// What a signed-in read that looked for a kept answer (`ResponseCache`) was served.
    enum CacheOutcome: String, CaseIterable {
        /// A kept answer.
        case hit
        /// The answer another request was making at the same time.
        case shared
        /// An answer it made.
        case miss
    }

    func recordCacheLookup(_ outcome: CacheOutcome) {
        counter(Name.cacheLookups, [("outcome", outcome.rawValue)]).increment()
    }

    private func counter(_ name: String, _ labels: [(String, String)]) -> CoreMetrics.Counter {
        CoreMetrics.Counter(label: name, dimensions: labels, factory: factory)
    }

    private func timer(_ name: String, _ labels: [(String, String)]) -> CoreMetrics.Timer {
        CoreMetrics.Timer(label: name, dimensions: labels, factory: factory)
    }

    /// A histogram of plain values (Prometheus's, with the buckets set for `name`).
    private func recorder(_ name: String, _ labels: [(String, String)]) -> CoreMetrics.Recorder {
        CoreMetrics.Recorder(label: name, dimensions: labels, aggregate: true, factory: factory)
    }
}

extension CoreMetrics.Timer {
    fileprivate func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

extension Application {
    private struct ServerMetricsKey: StorageKey { typealias Value = ServerMetrics }

    /// Set in `configure` when `METRICS=1`; nil otherwise, and then nothing is recorded.
    var metrics: ServerMetrics? {
        get { storage[ServerMetricsKey.self] }
        set { storage[ServerMetricsKey.self] = newValue }
    }
}
