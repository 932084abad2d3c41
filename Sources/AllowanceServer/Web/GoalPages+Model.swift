import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// What the goal pages show and the forms they read.
extension GoalPages {
    struct GoalRow: Encodable, Hashable, Sendable {
        let id: UUID, name: String, imageUrl: String?, category: String
        /// Shown when the goal has no picture: its category's icon (Icons.goal).
        let icon: String
        let current: String, target: String, percent: Int, band: String, status: String, isActive: Bool
        let hasChallenge: Bool, hasMatching: Bool, daysLeft: String?, projection: String?
    }

    struct ListPage: Encodable {
        let childId: UUID, childName: String, canCreate: Bool, isParent: Bool
        /// The goals' cards, joined (`GoalRow.html`).
        let active: HTMLList, finished: HTMLList
        let totalSaved: String
    }

    struct Milestone: Encodable {
        let percent: Int
        let amount: String
        let achieved: Bool
        let bonus: String?
    }

    struct Contribution: Encodable {
        let description: String
        let type: String
        let amount: String
        let isIn: Bool
        let when: String
        let by: String?
    }

    struct Challenge: Encodable {
        let target: String
        let progress: String
        let percent: Int
        let daysLeft: String
        let bonus: String
        let endDate: String
    }

    struct Matching: Encodable {
        let description: String
        let used: String
        let isLive: Bool
        let state: String
    }

    struct DetailPage: Encodable {
        let goal: GoalRow
        let childId: UUID
        let childName: String
        let description: String?
        let productUrl: String?
        let ring: String
        let remaining: String
        let targetDate: String?
        let autoTransfer: String?
        let milestones: [Milestone]
        let challenge: Challenge?
        let matching: Matching?
        let contributions: [Contribution]
        let isParent: Bool
        let canContribute: Bool
        let canAffordText: String?
        let isCompleted: Bool
        let isPaused: Bool
        let isOpen: Bool
        let childBalance: String
        let celebration: String?
        let today: String
        var error: String?
        /// What was typed into the form that was refused, so it comes back filled in.
        var typed = Typed()
    }

    /// Each action form's fields as typed: all blank but the one form that was refused.
    struct Typed: Encodable {
        var contribute = Fields(), withdraw = Fields(), gift = Fields(), matching = Fields(), challenge = Fields()
        /// The refused form is among the parent's tools, which then open.
        var inParentTools = false

        init() {}

        init(form: String, _ sent: ActionForm) {
            let fields = Fields(sent)
            switch form {
            case "contribute": contribute = fields
            case "withdraw": withdraw = fields
            case "gift": gift = fields
            case "matching": matching = fields
            case "challenge": challenge = fields
            default: break
            }
            inParentTools = form != "contribute"
        }
    }

    struct Fields: Encodable {
        var amount = "", note = "", type = "", ratio = "", maxMatch = "", expires = "", giverName = ""
        var targetAmount = "", endDate = "", bonusAmount = ""

        init() {}

        init(_ form: ActionForm) {
            amount = form.amount ?? ""
            note = form.note ?? ""
            type = form.type ?? ""
            ratio = form.ratio ?? ""
            maxMatch = form.maxMatch ?? ""
            expires = form.expires ?? ""
            giverName = form.giverName ?? ""
            targetAmount = form.targetAmount ?? ""
            endDate = form.endDate ?? ""
            bonusAmount = form.bonusAmount ?? ""
        }
    }

    struct GoalForm: Content {
        var name: String?, targetAmount: String?, category: String?, targetDate: String?, priority: String?
        var description: String?, imageUrl: String?, productUrl: String?, autoTransferType: String?, autoTransferAmount: String?
    }

    struct Option: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct FormPage: Encodable {
        var goalId: UUID?
        var childId: UUID
        var childName: String
        var name = "", targetAmount = "", targetDate = "", priority = "1", description = "", imageUrl = "", productUrl = ""
        var autoTransferAmount = ""
        var categories: [Option] = []
        var autoTransferTypes: [Option] = []
        var error: String?
    }

    struct ActionForm: Content {
        var amount: String?, note: String?, type: String?, ratio: String?, maxMatch: String?, expires: String?, giverName: String?
        var targetAmount: String?, endDate: String?, bonusAmount: String?
    }
}
