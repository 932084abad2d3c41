import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// What the child pages show and the forms they read.
extension ChildPages {
    struct ChildPage: Encodable {
        let id: UUID
        let name: String
        let firstName: String
        let lastName: String
        let avatar: Avatar
        let balance: MoneyText
        let weeklyAllowance: String
        let allowanceDay: String
        let nextPayment: String
        let allowancePaused: Bool
        let chart: String
        /// Each row's HTML (`TransactionRow.html`).
        let history: [String]
        let hasMore: Bool
        let moreLimit: Int
        let canEdit: Bool
        let quickSubtract: String
        let canQuickSubtract: Bool
        /// The quick-add grid's HTML (`QuickAdd.html`).
        let quickAdd: String
        /// Each goal's card (`GoalRow.html`).
        let goals: [String]
        /// "25 min today · 4-day streak".
        let learning: String
        /// False for a child added by name only: the page offers to give them a login.
        let hasLogin: Bool
        var error: String?
        var loginEmail = ""
        var formAmount = ""
        var formNote = ""
        var formType = "Debit"
    }

    struct MoneyForm: Content {
        var amount: String?
        var type: String?
        var note: String?
    }

    struct QuickForm: Content { var note: String? }

    struct TemplateForm: Content {
        var amount: String?
        /// "dashboard" when a child used it from their dashboard.
        var from: String?
    }

    struct RenameForm: Content {
        var firstName: String?
        var lastName: String?
    }

    struct LoginForm: Content {
        var email: String?, password: String?, confirmPassword: String?
    }

    struct DeletePage: Encodable {
        let id: UUID
        let name: String
        let balance: String
        /// Where Cancel goes: the page the parent came from.
        let cancelPath: String
    }

    struct NewChildForm: Content {
        var email: String?, password: String?, confirmPassword: String?, firstName: String?, lastName: String?
        var weeklyAllowance: String?, allowanceDay: String?, initialBalance: String?
        /// "login" (the default) or "none": a child who will not sign in.
        var signIn: String?
    }

    struct NewChildPage: Encodable {
        var email = "", firstName = "", lastName = "", weeklyAllowance = "", initialBalance = ""
        var withoutLogin = false
        var days: [Day] = []
        var error: String?
        struct Day: Encodable {
            let value: Int
            let name: String
            let selected: Bool
        }
        init(day: Weekday = .saturday) { days = Weekday.allCases.map { Day(value: $0.rawValue, name: $0.name, selected: $0 == day) } }
    }
}
