import Foundation

/// Limits job runs to one family. Unset (the scheduler, `run-jobs`) means every family. Tests
/// set it because they share one PostgreSQL database: a test's run must not pay another
/// test's children. Every job should honour it in the query that picks its work.
enum JobScope {
    @TaskLocal static var familyID: UUID?
}
