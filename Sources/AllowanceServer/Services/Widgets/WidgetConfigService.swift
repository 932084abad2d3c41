import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit

/// The signed-in user's widget set-ups (`GET`/`PUT /widgets/config`): one per widget type and
/// size, each a JSON object the client reads back as it sent it.
enum WidgetConfigService {
    static let types = ["balance", "goal", "quickActions"]
    static let sizes = ["small", "medium", "large"]
    /// A configuration names a child or a goal and a few display choices; this is plenty.
    static let configurationLimit = 4_000

    /// A request that passed the shape checks. The child and goal it names are still to be
    /// checked as the user's to see (at the edge, in the controller).
    struct Checked {
        let type: String
        let size: String
        let configuration: JSONValue
        let childID: UUID?
        let goalID: UUID?
    }

    static func check(_ input: UpdateWidgetConfigDto) throws -> Checked {
        func pick(_ value: String, from names: [String], _ label: String) throws -> String {
            let wanted = value.trimmingCharacters(in: .whitespaces).lowercased()
            guard let name = names.first(where: { $0.lowercased() == wanted }) else {
                throw AppError.validation("\(label) must be one of \(names.joined(separator: ", "))")
            }
            return name
        }
        let type = try pick(input.widgetType, from: types, "widgetType")
        let size = try pick(input.widgetSize, from: sizes, "widgetSize")
        guard case .object(let fields) = input.configuration else {
            throw AppError.validation("configuration must be a JSON object, such as {\"childId\": \"...\"}")
        }
        guard try JSONEncoder.api.encode(input.configuration).count <= configurationLimit else {
            throw AppError.unprocessable("configuration must be at most \(configurationLimit) bytes of JSON")
        }
        func id(_ key: String, _ what: String) throws -> UUID? {
            guard let value = fields[key] else { return nil }
            guard let text = value.text, let id = UUID(hexText: text) else {
                throw AppError.unprocessable("configuration.\(key) must be \(what)'s id")
            }
            return id
        }
        let goalID = try id("goalId", "a goal")
        if type == "goal", goalID == nil { throw AppError.unprocessable("A goal widget needs configuration.goalId: the goal it shows") }
        return Checked(type: type, size: size, configuration: input.configuration, childID: try id("childId", "a child"), goalID: goalID)
    }

    static func list(for user: AuthUser, on sql: SQLDatabase) async throws -> WidgetConfigurationListDto {
        let rows = try await sql.raw(
            """
            SELECT id, widget_type, widget_size, configuration, created_at, updated_at FROM widget_configurations
            WHERE user_id = \(bind: user.userID)
            """
        ).all(decoding: Row.self)
        let order = { (row: Row) in (types.firstIndex(of: row.widget_type) ?? 0, sizes.firstIndex(of: row.widget_size) ?? 0) }
        return WidgetConfigurationListDto(widgets: try rows.sorted { order($0) < order($1) }.map { try $0.dto() })
    }

    /// Keeps the configuration for its type and size, replacing an earlier one.
    static func save(_ checked: Checked, for user: AuthUser, in context: ServiceContext) async throws -> WidgetConfigurationDto {
        let text = String(decoding: try JSONEncoder.sorted.encode(checked.configuration), as: UTF8.self)
        let now = context.now
        try await context.write { db in
            try await db.sql.raw(
                """
                INSERT INTO widget_configurations (id, user_id, widget_type, widget_size, configuration, created_at, updated_at)
                VALUES (\(bind: UUID()), \(bind: user.userID), \(bind: checked.type), \(bind: checked.size), \(bind: text), \(bind: now), \(bind: now))
                ON CONFLICT (user_id, widget_type, widget_size) DO UPDATE SET
                    configuration = excluded.configuration, updated_at = excluded.updated_at
                """
            ).run()
        }
        let saved = try await list(for: user, on: context.sql).widgets
        guard let dto = saved.first(where: { $0.widgetType == checked.type && $0.widgetSize == checked.size }) else {
            throw AppError.notFound("Widget configuration")
        }
        return dto
    }

    private struct Row: Decodable {
        let id: UUID, widget_type: String, widget_size: String, configuration: String, created_at: Date, updated_at: Date

        func dto() throws -> WidgetConfigurationDto {
            WidgetConfigurationDto(
                id: id, widgetType: widget_type, widgetSize: widget_size,
                configuration: try JSONDecoder.api.decode(JSONValue.self, from: Data(configuration.utf8)), createdAt: created_at,
                updatedAt: updated_at)
        }
    }
}

extension JSONEncoder {
    /// Stored configurations: the same object always reads the same text.
    fileprivate static let sorted: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
