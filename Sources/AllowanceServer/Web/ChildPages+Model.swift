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
        /// The rows' HTML, joined (`TransactionRow.html`).
        let history: HTMLList
        let hasMore: Bool
        let moreLimit: Int
        let canEdit: Bool
        /// The quick-add grid's HTML (`QuickAdd.html`).
        let quickAdd: String
        /// The goals' cards, joined (`GoalRow.html`).
        let goals: HTMLList
        /// "25 min today · 4-day streak".
        let learning: String
        /// A parent's forms (`Forms.html`); empty for the child.
        let forms: String
        let error: String?
    }

    /// A parent's forms on a child's page: add or subtract funds, quick spend, rename, and a
    /// login for a child who has none. Kept by their whole input (`Fragments`): they change
    /// only with the form token, the child's name, whether a quick spend is affordable, or a
    /// refused form's values, so a page made afresh after a posting reuses them (they were 30
    /// of the 74 values Leaf read for the page).
    struct Forms: Encodable, Hashable, Sendable {
        let id: UUID
        let csrf: String
        let firstName: String
        let lastName: String
        let quickSubtract: String
        let canQuickSubtract: Bool
        /// False for a child added by name only: the forms offer to give them a login.
        let hasLogin: Bool
        /// A form was refused: the amount field points at the page's error.
        let hasError: Bool
        /// What a refused form had in it, shown again.
        let typed: Typed

        struct Typed: Encodable, Hashable, Sendable {
            var amount = ""
            var note = ""
            var type = TransactionType.debit.rawValue
            var loginEmail = ""
        }

        /// What `child-forms.leaf` reads.
        private struct Fragment: Encodable { let form: Forms }

        func html(on req: Request) async throws -> String {
            try await req.fragment("child-forms", key: self) { Fragment(form: self) }
        }
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
