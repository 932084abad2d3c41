import Fluent
import Foundation
import SQLKit

/// The nine global templates of the Quick Actions document's `TemplateSeeder`.
struct SeedGlobalTemplates: AsyncMigration {
    func prepare(on database: Database) async throws {
        let sql = database.sql
        for template in GlobalTemplates.all {
            try await sql.raw(
                """
                INSERT INTO transaction_templates (id, family_id, name, icon_name, color, default_amount_cents, type, category,
                    description_template, is_global, is_active, sort_order, created_by, created_at)
                VALUES (\(bind: template.id), NULL, \(bind: template.name), \(bind: template.iconName), \(bind: template.color),
                    \(bind: template.defaultAmount?.cents), \(bind: template.type.rawValue), \(bind: template.category), NULL,
                    \(bind: true), \(bind: true), \(bind: template.sortOrder), NULL, \(bind: GlobalTemplates.seededAt))
                """
            ).run()
        }
    }

    func revert(on database: Database) async throws {
        try await database.sql.raw("DELETE FROM transaction_templates WHERE is_global = \(bind: true)").run()
    }
}
