import Fluent
import SQLKit

/// Quick-add templates: global ones (no family) and each family's own. Usage is counted per
/// family, so one family's habits are not shown to another.
struct CreateTransactionTemplate: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("transaction_templates")
            .id()
            .field("family_id", .uuid, .references("families", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("icon_name", .string, .required)
            .field("color", .string)
            .field("default_amount_cents", .int64)
            .field("type", .string, .required)
            .field("category", .string)
            .field("description_template", .string)
            .field("is_global", .bool, .required)
            .field("is_active", .bool, .required)
            .field("sort_order", .int, .required)
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "transaction_templates_family_idx")
            .on("transaction_templates").column("family_id").run()
        try await database.schema("template_usage")
            .field("template_id", .uuid, .required, .references("transaction_templates", "id", onDelete: .cascade))
            .field("family_id", .uuid, .required, .references("families", "id", onDelete: .cascade))
            .field("usage_count", .int, .required)
            .compositeIdentifier(over: "template_id", "family_id")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("template_usage").delete()
        try await database.schema("transaction_templates").delete()
    }
}
