import Fluent
import Foundation
import SQLKit

/// A parent can pause a child's allowance. `allowance_resumed_at` marks the end of the last
/// pause: paydays before it are not owed.
struct AddChildAllowancePaused: AsyncMigration {
    func prepare(on database: Database) async throws {
        // SQLite adds one column per statement.
        try await database.schema("children").field("allowance_paused", .bool, .required, .sql(.default(false))).update()
        try await database.schema("children").field("allowance_resumed_at", .datetime).update()
        // Children who exist before paydays do are owed from now on, not every week since they
        // were added. A migration has no app clock: the moment it runs is the moment meant.
        try await database.sql.raw("UPDATE children SET allowance_resumed_at = \(bind: Date())").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("children").deleteField("allowance_resumed_at").update()
        try await database.schema("children").deleteField("allowance_paused").update()
    }
}
