import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Quick-add templates: the global ones and each family's own (the Quick Actions document).
enum TemplateService {
    static let iconLength = 50
    static let sortOrderRange = 0...10_000

    struct Row {
        let id: UUID, family_id: UUID?, name: String, icon_name: String, color: String?, default_amount_cents: Int64?, type: String
        let category: String?, description_template: String?, is_global: Bool, sort_order: Int, created_by: UUID?, usage_count: Int64?

        /// Read column by column rather than through `Decodable`: every page with a quick-add
        /// grid reads a dozen of these, and the keyed decoding containers cost more than the columns.
        init(_ row: any SQLRow) throws {
            id = try row.decode(column: "id", as: UUID.self)
            family_id = try row.decode(column: "family_id", as: UUID?.self)
            name = try row.decode(column: "name", as: String.self)
            icon_name = try row.decode(column: "icon_name", as: String.self)
            color = try row.decode(column: "color", as: String?.self)
            default_amount_cents = try row.decode(column: "default_amount_cents", as: Int64?.self)
            type = try row.decode(column: "type", as: String.self)
            category = try row.decode(column: "category", as: String?.self)
            description_template = try row.decode(column: "description_template", as: String?.self)
            is_global = try row.decode(column: "is_global", as: Bool.self)
            sort_order = try row.decode(column: "sort_order", as: Int.self)
            created_by = try row.decode(column: "created_by", as: UUID?.self)
            usage_count = try row.decode(column: "usage_count", as: Int64?.self)
        }

        var transactionType: TransactionType { TransactionType(rawValue: type) ?? .debit }

        var dto: TransactionTemplateDto {
            TransactionTemplateDto(
                id: id, name: name, iconName: icon_name, color: color, defaultAmount: default_amount_cents.map(Money.init(cents:)),
                type: transactionType, category: category, descriptionTemplate: description_template, isGlobal: is_global,
                usageCount: Int(usage_count ?? 0), sortOrder: sort_order)
        }
    }

    /// The active templates a family sees, in sort order; with the family's usage counts when
    /// `withUsage` (else each reads 0). The counts move only the family's number
    /// (`MoveTemplateUsageOffTheSharedNumber`), so reading them marks the answer being made as
    /// one of the family's: a kept read of one child that shows them still ends with any use.
    static func rows(forFamily familyID: UUID, templateID: UUID? = nil, withUsage: Bool, on sql: SQLDatabase) async throws -> [Row] {
        if withUsage { ResponseCache.Making.noteFamilyRows() }
        return try await sql.raw(query(forFamily: familyID, templateID: templateID, withUsage: withUsage)).all().map(Row.init)
    }

    /// `rows`' query. `TRUE` is written out, not bound: a prepared plan knows nothing of a bound
    /// value, so PostgreSQL could not use the index of global templates for it and read every
    /// family's templates instead (SQLite's `TRUE` is 1, as it stores booleans).
    static func query(forFamily familyID: UUID, templateID: UUID? = nil, withUsage: Bool) -> SQLQueryString {
        // Without the counts, no join: the quick-add grids do not show them.
        let usage: SQLQueryString =
            withUsage
            ? " u.usage_count FROM transaction_templates t LEFT JOIN template_usage u ON u.template_id = t.id AND u.family_id = \(bind: familyID)"
            : " CAST(NULL AS BIGINT) AS usage_count FROM transaction_templates t"
        var query: SQLQueryString =
            """
            SELECT t.id, t.family_id, t.name, t.icon_name, t.color, t.default_amount_cents, t.type, t.category, t.description_template,
                   t.is_global, t.sort_order, t.created_by,
            """ + usage + " WHERE t.is_active = TRUE AND (t.is_global = TRUE OR t.family_id = \(bind: familyID))"
        if let templateID { query = query + " AND t.id = \(bind: templateID)" }
        return query + " ORDER BY t.sort_order, t.name"
    }

    static func list(for user: AuthUser, withUsage: Bool, in context: ServiceContext) async throws -> [TransactionTemplateDto] {
        try await rows(forFamily: user.familyID, withUsage: withUsage, on: context.sql).map(\.dto)
    }

    /// A family template, placed after every template the family already sees.
    static func create(_ input: CreateTransactionTemplateDto, by parent: AuthUser, in context: ServiceContext) async throws
        -> TransactionTemplateDto
    {
        let template = TransactionTemplate()
        template.familyID = parent.familyID
        template.name = try InputRules.required(input.name, "Name")
        template.iconName = try InputRules.required(input.iconName, "Icon name", max: iconLength)
        template.color = try color(input.color)
        template.defaultAmountCents = try input.defaultAmount.map { try InputRules.positiveAmount($0, "Default amount").cents }
        template.type = input.type
        template.category = try InputRules.optional(input.category, "Category", max: InputRules.categoryLength)
        template.descriptionTemplate = try InputRules.optional(
            input.descriptionTemplate, "Description template", max: InputRules.descriptionLength)
        template.isGlobal = false
        template.isActive = true
        template.createdBy = parent.userID
        template.createdAt = context.now
        let existing = try await rows(forFamily: parent.familyID, withUsage: false, on: context.sql)
        template.sortOrder = (existing.map(\.sort_order).max() ?? 0) + 1
        try await context.write { db in try await template.create(on: db) }
        return try await show(template.id!, for: parent, in: context)
    }

    /// `template` is one the user may change (`Request.templateForCreator`).
    static func update(
        _ template: TransactionTemplate, with input: UpdateTransactionTemplateDto, by user: AuthUser, in context: ServiceContext
    ) async throws -> TransactionTemplateDto {
        if let name = input.name { template.name = try InputRules.required(name, "Name") }
        if let icon = input.iconName { template.iconName = try InputRules.required(icon, "Icon name", max: iconLength) }
        if input.color != nil { template.color = try color(input.color) }
        if let amount = input.defaultAmount { template.defaultAmountCents = try InputRules.positiveAmount(amount, "Default amount").cents }
        if input.category != nil { template.category = try InputRules.optional(input.category, "Category", max: InputRules.categoryLength) }
        if input.descriptionTemplate != nil {
            template.descriptionTemplate = try InputRules.optional(
                input.descriptionTemplate, "Description template", max: InputRules.descriptionLength)
        }
        if let order = input.sortOrder {
            guard sortOrderRange.contains(order) else {
                throw AppError.validation("sortOrder must be from 0 to \(sortOrderRange.upperBound)")
            }
            template.sortOrder = order
        }
        try await context.write { db in try await template.save(on: db) }
        return try await show(template.id!, for: user, in: context)
    }

    /// Templates are retired rather than erased: entries made with them stay as they were.
    static func delete(_ template: TransactionTemplate, in context: ServiceContext) async throws {
        template.isActive = false
        try await context.write { db in try await template.save(on: db) }
    }

    static func show(_ id: UUID, for user: AuthUser, in context: ServiceContext) async throws -> TransactionTemplateDto {
        guard let row = try await rows(forFamily: user.familyID, templateID: id, withUsage: true, on: context.sql).first else {
            throw AppError.notFound("Template")
        }
        return row.dto
    }

    /// "#RRGGBB".
    private static func color(_ value: String?) throws -> String? {
        guard let text = try InputRules.optional(value, "Color", max: 7) else { return nil }
        guard text.count == 7, text.first == "#", text.dropFirst().allSatisfy(\.isHexDigit) else {
            throw AppError.validation("color must be a hex colour such as #22C55E")
        }
        return text.uppercased()
    }
}
