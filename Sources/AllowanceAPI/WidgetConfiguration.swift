import Foundation

/// Any JSON value: a widget's configuration is the client's own object, kept as sent.
public enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The text of a string value, else nil.
    public var text: String? { if case .string(let text) = self { text } else { nil } }
}

/// The Quick Actions document, `UpdateWidgetConfigDto` (`PUT /widgets/config`): how one of the
/// signed-in user's home-screen widgets is set up. `widgetType` is "balance", "goal" or
/// "quickActions", `widgetSize` "small", "medium" or "large" (either in any case);
/// `configuration` is an object: `childId` names the child a balance or quick-actions widget
/// shows, `goalId` the goal a goal widget shows (required for one), and any other keys are
/// the client's own. One configuration is kept per type and size; sending it again replaces it.
public struct UpdateWidgetConfigDto: Codable, Sendable {
    public var widgetType: String
    public var widgetSize: String
    public var configuration: JSONValue

    public init(widgetType: String, widgetSize: String, configuration: JSONValue = .object([:])) {
        self.widgetType = widgetType
        self.widgetSize = widgetSize
        self.configuration = configuration
    }
}

/// The document's `WidgetConfiguration`, as read.
public struct WidgetConfigurationDto: Codable, Sendable, Equatable {
    public var id: UUID
    public var widgetType: String
    public var widgetSize: String
    public var configuration: JSONValue
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, widgetType: String, widgetSize: String, configuration: JSONValue, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.widgetType = widgetType
        self.widgetSize = widgetSize
        self.configuration = configuration
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// `GET /widgets/config`: the signed-in user's widget configurations, by type then size.
public struct WidgetConfigurationListDto: Codable, Sendable {
    public var widgets: [WidgetConfigurationDto]

    public init(widgets: [WidgetConfigurationDto]) { self.widgets = widgets }
}
