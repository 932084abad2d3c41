import Fluent
import Foundation
import SQLKit

/// Families that exist before learning goals get the default app list too.
struct SeedAppCategories: AsyncMigration {
    func prepare(on database: Database) async throws {
        struct Row: Decodable { let id: UUID }
        // A migration has no app clock: the moment it runs is the moment meant.
        let now = Date()
        for family in try await database.sql.raw("SELECT id FROM families").all(decoding: Row.self) {
            try await DefaultApps.seed(familyID: family.id, at: now, on: database.sql)
        }
    }

    func revert(on database: Database) async throws {
        try await database.sql.raw("DELETE FROM app_categories").run()
    }
}
