import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// What the recurring pages show and the forms they read.
extension RecurringPages {
    struct Item: Encodable {
        let id: UUID, name: String, childName: String, avatar: Avatar, amount: String, isCredit: Bool, schedule: String
        let next: String, isPaused: Bool, isActive: Bool, occurrences: String, requiresApproval: Bool
    }

    struct PendingItem: Encodable {
        let id: UUID
        let childName: String
        let name: String
        let amount: String
        let isCredit: Bool
        let due: String
    }

    struct ListPage: Encodable {
        let items: [Item]
        let pending: [PendingItem]
        let hasChildren: Bool
        /// A child reads their own list without the controls.
        let isParent: Bool
    }

    struct Form: Content {
        var childId: String?, name: String?, amount: String?, type: String?, description: String?, pattern: String?
        var dayOfWeek: String?, dayOfMonth: String?, timeOfDay: String?, startDate: String?, endDate: String?
        var maxOccurrences: String?, requiresApproval: String?
    }

    struct Option: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct FormPage: Encodable {
        var id: UUID?
        var children: [Option] = []
        var patterns: [Option] = []
        var weekdays: [Option] = []
        var name = "", amount = "", type = "Credit", description = "", dayOfMonth = "1", timeOfDay = "09:00"
        var startDate = "", endDate = "", maxOccurrences = "", requiresApproval = false
        var error: String?
    }
}
