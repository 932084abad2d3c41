import Fluent

struct CreateFamily: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("families")
            .id()
            .field("name", .string, .required)
            .field("time_zone", .string, .required)
            .field("created_at", .datetime)
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("families").delete()
    }
}
