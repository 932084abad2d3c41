import AllowanceCore
import Fluent
import SQLKit

/// Each learning day's date number (days since 1970-01-01) beside its key, so the database
/// finds streaks (consecutive numbers) itself and sends back one row, however long the history.
struct AddLearningDayNumber: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("learning_days").field("day_number", .int, .required, .sql(.default(0))).update()
        struct Row: Decodable {
            let child_id: UUID
            let day: String
        }
        let sql = database.sql
        for row in try await sql.raw("SELECT child_id, day FROM learning_days").all(decoding: Row.self) {
            try await sql.raw(
                """
                UPDATE learning_days SET day_number = \(bind: LearningStreak.dayNumber(row.day) ?? 0)
                WHERE child_id = \(bind: row.child_id) AND day = \(bind: row.day)
                """
            ).run()
        }
    }

    func revert(on database: Database) async throws {
        try await database.schema("learning_days").deleteField("day_number").update()
    }
}
