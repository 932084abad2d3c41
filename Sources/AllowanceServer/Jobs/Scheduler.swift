import Foundation
import Vapor

/// The one scheduler inside the server: every `interval` it runs all registered jobs with
/// the app clock's now. Jobs claim each occurrence in the database, so several servers may
/// run schedulers on one PostgreSQL; a server that was down catches up on its first run.
final class Scheduler: LifecycleHandler, @unchecked Sendable {
    let interval: Duration
    // Set in didBoot, read in shutdown; the lock keeps the two apart.
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    init(interval: Duration) { self.interval = interval }

    /// `SCHEDULER_INTERVAL` in seconds (default 60); 0 turns the scheduler off.
    static func interval(fromEnvironment value: String?) -> Duration? {
        guard let value, !value.isEmpty else { return .seconds(60) }
        guard let seconds = Int(value), seconds >= 0 else { return .seconds(60) }
        return seconds == 0 ? nil : .seconds(seconds)
    }

    /// Only `serve` (the default command) schedules; `run-jobs`, `verify`, `migrate` and
    /// `seed` must not have a second runner working beside them.
    static func isServing(_ app: Application) -> Bool {
        guard let command = app.environment.arguments.dropFirst().first else { return true }
        return command == "serve" || command.hasPrefix("-")
    }

    func didBootAsync(_ app: Application) async throws {
        let interval = interval
        app.logger.notice("Scheduler: running \(app.jobs.all.map(\.name).joined(separator: ", ")) every \(interval)")
        let task = Task {
            while !Task.isCancelled {
                for result in await JobRunner.runAll(app.context()) where result.handled > 0 || result.error != nil {
                    app.logger.info("Scheduler: \(result.name) handled \(result.handled)\(result.error.map { " (failed: \($0))" } ?? "")")
                }
                try? await Task.sleep(for: interval)
            }
        }
        lock.withLock { self.task = task }
    }

    func shutdownAsync(_ app: Application) async {
        let task = lock.withLock { self.task }
        task?.cancel()
        await task?.value
    }
}
