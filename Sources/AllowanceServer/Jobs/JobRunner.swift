import Foundation
import Vapor

/// Runs every registered job once, in registration order, as of the context's instant. The
/// scheduler, `allowance-server run-jobs` and the tests all come through here.
enum JobRunner {
    struct Result: Sendable {
        let name: String
        let handled: Int
        /// Set when the job failed; the other jobs still ran.
        let error: String?
        /// How long it took.
        var duration: Duration = .zero
    }

    static func runAll(_ context: ServiceContext) async -> [Result] {
        // On PostgreSQL the jobs run on the event loop of their database's connections
        // (`EventLoopExecutors`), as requests do. Elsewhere each row of a read crossed between
        // threads twice (PostgresNIO's row sequence steps off its caller's executor for each
        // row): a payday's read of 10,000 children took 72 ms, 24 ms held to the loop.
        guard let executor = context.application.eventLoopExecutors?.executor(for: context.db.eventLoop) else {
            return await runEach(context)
        }
        return await withTaskExecutorPreference(executor) { await runEach(context) }
    }

    private static func runEach(_ context: ServiceContext) async -> [Result] {
        let app = context.application
        var results: [Result] = []
        for job in app.jobs.all {
            let start = ContinuousClock.now
            var result: Result
            do {
                result = Result(name: job.name, handled: try await job.run(context), error: nil)
            } catch let partial as PartialJobFailure {
                app.logger.error("\(job.name): \(partial.description)")
                result = Result(name: job.name, handled: partial.handled, error: partial.description)
            } catch {
                app.logger.report(error: error)
                result = Result(name: job.name, handled: 0, error: String(describing: error))
            }
            result.duration = start.duration(to: .now)
            app.metrics?.recordJobRun(result)
            results.append(result)
        }
        return results
    }
}

/// A job that did part of its work: one subject (a child, a schedule) failed and was left for
/// the next run, the others went ahead. Thrown at the end of the run.
struct PartialJobFailure: Error, CustomStringConvertible {
    let handled: Int
    let failures: [String]

    var description: String {
        "\(failures.count) failed (left for the next run): " + failures.prefix(5).joined(separator: "; ")
            + (failures.count > 5 ? "; ..." : "")
    }

    /// Returns `handled`, or throws when anything failed.
    static func check(handled: Int, failures: [String]) throws -> Int {
        guard failures.isEmpty else { throw PartialJobFailure(handled: handled, failures: failures) }
        return handled
    }
}

/// What a job run did, line by line ("payday: Kai +$10.00 Weekly allowance (due 2026-11-28)").
/// `run-jobs` installs a collector and prints it; under the scheduler nobody listens and
/// reporting costs nothing. Jobs report after their transaction commits.
final class JobOutput: @unchecked Sendable {
    @TaskLocal static var current: JobOutput?

    // Jobs may report from several tasks; the lock keeps the lines whole.
    private let lock = NSLock()
    private var collected: [String] = []

    var lines: [String] { lock.withLock { collected } }

    static func report(_ line: @autoclosure () -> String) {
        guard let output = current else { return }
        let text = line()
        output.lock.withLock { output.collected.append(text) }
    }
}
