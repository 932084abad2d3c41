import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// What the template pages show and the form they read.
extension TemplatePages {
    struct Item: Encodable {
        let id: UUID, name: String, icon: String, color: String?
        /// "−$5.00", or "Amount typed each time".
        let amount: String
        let direction: String, isCredit: Bool, category: String?, used: String
        /// Made by the signed-in parent: they may change, move and delete it.
        let canChange: Bool, isFirst: Bool, isLast: Bool
    }

    struct ListPage: Encodable {
        let family: [Item]
        let builtIn: [Item]
    }

    struct Form: Content {
        var name: String?, type: String?, defaultAmount: String?, iconName: String?, color: String?, category: String?
        var descriptionTemplate: String?, sortOrder: String?
    }

    struct Option: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// The colours a parent picks from (the global templates' own), by name, so the choice
    /// reads the same to everyone; "" is none.
    static let colors: [(String, String)] = [
        ("", "No colour"), ("#F59E0B", "Amber"), ("#F97316", "Orange"), ("#EF4444", "Red"), ("#EC4899", "Pink"),
        ("#8B5CF6", "Violet"), ("#6366F1", "Indigo"), ("#3B82F6", "Blue"), ("#10B981", "Green"), ("#22C55E", "Lime"),
    ]

    static let categories = ["Food", "Entertainment", "Education", "Toys", "Clothes", "Transport", "Gift", "Chores", "Savings", "Other"]

    struct FormPage: Encodable {
        /// Set when editing.
        var id: UUID?
        var name = "", type = "Debit", defaultAmount = "", category = "", descriptionTemplate = "", sortOrder = ""
        var icons: [Option] = []
        var colors: [Option] = []
        let categories = TemplatePages.categories
        /// Editing a template that has a default amount: it keeps one.
        var keepsAmount = false
        var error: String?

        init(form: Form?, template: TransactionTemplate?) {
            id = template?.id
            name = form?.name ?? template?.name ?? ""
            type = form?.type ?? template?.type.rawValue ?? TransactionType.debit.rawValue
            defaultAmount = form?.defaultAmount ?? template?.defaultAmount?.plainText ?? ""
            category = form?.category ?? template?.category ?? ""
            descriptionTemplate = form?.descriptionTemplate ?? template?.descriptionTemplate ?? ""
            sortOrder = form?.sortOrder ?? template.map { String($0.sortOrder) } ?? ""
            keepsAmount = template?.defaultAmountCents != nil
            let icon = form?.iconName ?? template?.iconName ?? Icons.templateChoices[0].name
            icons = Icons.templateChoices.map { Option(value: $0.name, label: "\($0.emoji) \($0.label)", selected: $0.name == icon) }
            if !Icons.templateChoices.contains(where: { $0.name == icon }) {
                icons.insert(Option(value: icon, label: "Current icon (\(icon))", selected: true), at: 0)
            }
            let color = (form?.color ?? template?.color ?? "").uppercased()
            colors = TemplatePages.colors.map { Option(value: $0.0, label: $0.1, selected: $0.0 == color) }
            if !TemplatePages.colors.contains(where: { $0.0 == color }) {
                colors.insert(Option(value: color, label: "Current colour (\(color))", selected: true), at: 1)
            }
        }
    }
}
