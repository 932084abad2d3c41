import AllowanceCore
import Foundation

/// The Quick Actions document, `CreateTransactionTemplateDto`. `color` is "#RRGGBB".
public struct CreateTransactionTemplateDto: Codable, Sendable {
    public var name: String
    public var iconName: String
    public var color: String?
    public var defaultAmount: Money?
    public var type: TransactionType
    public var category: String?
    public var descriptionTemplate: String?

    public init(
        name: String, iconName: String, color: String? = nil, defaultAmount: Money? = nil, type: TransactionType, category: String? = nil,
        descriptionTemplate: String? = nil
    ) {
        self.name = name
        self.iconName = iconName
        self.color = color
        self.defaultAmount = defaultAmount
        self.type = type
        self.category = category
        self.descriptionTemplate = descriptionTemplate
    }
}

/// Every field optional: send only what changes.
public struct UpdateTransactionTemplateDto: Codable, Sendable {
    public var name: String?
    public var iconName: String?
    public var color: String?
    public var defaultAmount: Money?
    public var category: String?
    public var descriptionTemplate: String?
    public var sortOrder: Int?

    public init(
        name: String? = nil, iconName: String? = nil, color: String? = nil, defaultAmount: Money? = nil, category: String? = nil,
        descriptionTemplate: String? = nil, sortOrder: Int? = nil
    ) {
        self.name = name
        self.iconName = iconName
        self.color = color
        self.defaultAmount = defaultAmount
        self.category = category
        self.descriptionTemplate = descriptionTemplate
        self.sortOrder = sortOrder
    }
}

/// `POST /templates/{id}/use`: `amount` and `description` override the template's.
public struct UseTemplateDto: Codable, Sendable {
    public var childId: UUID
    public var amount: Money?
    public var description: String?

    public init(childId: UUID, amount: Money? = nil, description: String? = nil) {
        self.childId = childId
        self.amount = amount
        self.description = description
    }
}

/// `usageCount` is how often the signed-in user's family has used the template.
public struct TransactionTemplateDto: Codable, Sendable {
    public var id: UUID
    public var name: String
    public var iconName: String
    public var color: String?
    public var defaultAmount: Money?
    public var type: TransactionType
    public var typeName: String
    public var category: String?
    public var descriptionTemplate: String?
    public var isGlobal: Bool
    public var usageCount: Int
    public var sortOrder: Int

    public init(
        id: UUID, name: String, iconName: String, color: String?, defaultAmount: Money?, type: TransactionType, category: String?,
        descriptionTemplate: String?, isGlobal: Bool, usageCount: Int, sortOrder: Int
    ) {
        self.id = id
        self.name = name
        self.iconName = iconName
        self.color = color
        self.defaultAmount = defaultAmount
        self.type = type
        self.typeName = type.rawValue
        self.category = category
        self.descriptionTemplate = descriptionTemplate
        self.isGlobal = isGlobal
        self.usageCount = usageCount
        self.sortOrder = sortOrder
    }
}
