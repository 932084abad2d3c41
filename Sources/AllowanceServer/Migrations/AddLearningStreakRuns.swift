import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Each learning day's date number (days since 1970-01-01) beside its key, and each child's
/// streak runs kept beside their points: the longest run of learning days, and the latest with
/// where it ends. A session that makes a new learning day has the database find the runs
/// again (gaps and islands over the numbers); every read takes the three figures as they are.
struct AddLearningStreakRuns: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("learning_days").field("day_number", .int, .required, .sql(.default(0))).update()
        // SQLite adds one column per statement.
        try await database.schema("children").field("longest_streak", .int, .required, .sql(.default(0))).update()
        try await database.schema("children").field("latest_run_end", .int).update()
        try await database.schema("children").field("latest_run_length", .int, .required, .sql(.default(0))).update()
        struct Row: Decodable {
            let child_id: UUID
            let day: String
        }
        let sql = database.sql
        let rows = try await sql.raw("SELECT child_id, day FROM learning_days").all(decoding: Row.self)
        for row in rows {
            try await sql.raw(
                """
                UPDATE learning_days SET day_number = \(bind: LearningStreak.dayNumber(row.day) ?? 0)
                WHERE child_id = \(bind: row.child_id) AND day = \(bind: row.day)
                """
            ).run()
        }
        for child in Set(rows.map(\.child_id)) { try await LearningMeasure.refreshRuns(of: child, on: sql) }
    }

    func revert(on database: Database) async throws {
        try await database.schema("children").deleteField("latest_run_length").update()
        try await database.schema("children").deleteField("latest_run_end").update()
        try await database.schema("children").deleteField("longest_streak").update()
        try await database.schema("learning_days").deleteField("day_number").update()
    }
}
