import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// What the dashboard pages show and the forms they read.
extension DashboardPages {
    struct ChildCard: Encodable {
        let id: UUID
        let name: String
        let avatar: Avatar
        let balance: MoneyText
        let weeklyAllowance: String
        /// "1 recent transaction", "3 recent transactions".
        let recentText: String
        /// "Kai Demo, Balance: $100.00, Weekly allowance: $10.00" (the App Screens document 8.1).
        let accessibleLabel: String
        let learning: String
    }

    struct ParentPage: Encodable {
        let familyName: String
        let totalBalance: String
        let totalWeeklyAllowance: String
        let childCount: Int
        let children: [ChildCard]
        /// "3:04 PM" in the family's zone: when these figures were read.
        let updatedAt: String
    }

    struct ChildPage: Encodable {
        let childId: UUID
        let firstName: String
        let avatar: Avatar
        let balance: MoneyText
        let weeklyAllowance: String
        let nextPayment: String
        let nextPaymentDate: String
        let paydaySoon: Bool
        let earned: String
        let spent: String
        let saved: String
        let net: String
        let netPositive: Bool
        /// The rows' HTML, joined (`TransactionRow.html`).
        let recent: HTMLList
        /// The goals' cards, joined (`GoalRow.html`).
        let goals: HTMLList
        let learning: LearningGlance
        /// The quick-add grid's HTML (`QuickAdd.html`).
        let quickAdd: String
        /// The child's own schedules, read only, next first (the first three).
        let recurring: [RecurringPages.Item]
        let recurringCount: Int
        let updatedAt: String
        let error: String?
    }
}
