import Fluent

/// A gift into a goal names who gave it ("Grandma Rose"), which may be nobody with a login.
struct AddContributionGiverName: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("savings_contributions").field("giver_name", .string).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema("savings_contributions").deleteField("giver_name").update()
    }
}
