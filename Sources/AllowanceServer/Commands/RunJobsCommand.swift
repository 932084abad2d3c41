import AllowanceAPI
import Foundation
import Vapor

/// `allowance-server run-jobs [--at 2026-12-01T09:00:00Z]`: runs every job that has fallen due
/// as of that instant (default now) and prints what it posted. Safe to repeat: an occurrence
/// already handled is not handled again.
struct RunJobsCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "at", help: "The instant to run as, ISO 8601 (2026-12-01T09:00:00Z); default now")
        var at: String?
    }

    var help: String { "Runs every due background job (paydays, recurring transactions, ...) as of --at, and prints what it did." }

    struct BadDate: Error, CustomStringConvertible {
        let text: String
        var description: String { "--at \(text) is not an ISO 8601 instant such as 2026-12-01T09:00:00Z" }
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        var now = app.clock.now()
        if let text = signature.at {
            guard let date = ISO8601Wire.parse(text) else { throw BadDate(text: text) }
            now = date
        }
        let instant = now
        app.clock = AppClock(now: { instant })
        let output = JobOutput()
        let started = ContinuousClock.now
        let results = await JobOutput.$current.withValue(output) { await JobRunner.runAll(app.context(now: instant)) }
        let elapsed = ContinuousClock.now - started
        context.console.print("Jobs as of \(instant.formatted(.iso8601)):")
        let lines = output.lines
        for line in lines.prefix(200) { context.console.print("  " + line) }
        if lines.count > 200 { context.console.print("  ... and \(lines.count - 200) more") }
        for result in results {
            let failure = result.error.map { ", FAILED: \($0)" } ?? ""
            context.console.print("\(result.name): \(result.handled) handled in \(Self.seconds(result.duration)) s" + failure)
        }
        context.console.print("Done in \(Self.seconds(elapsed)) s")
        if results.contains(where: { $0.error != nil }) { throw JobFailure() }
    }

    /// Seconds with three decimals ("0.612"): what the payday benchmark reads.
    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.3f", seconds)
    }

    struct JobFailure: Error, CustomStringConvertible {
        var description: String { "at least one job failed (see above)" }
    }
}
