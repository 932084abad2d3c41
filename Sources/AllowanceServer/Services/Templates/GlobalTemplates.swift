import AllowanceCore
import Foundation

/// The templates every family sees (the Quick Actions document `TemplateSeeder`), with fixed ids so
/// every installation and client names them alike.
enum GlobalTemplates {
    struct Seed {
        let id: UUID
        let name: String
        let iconName: String
        let color: String
        let defaultAmount: Money?
        let type: TransactionType
        let category: String
        let sortOrder: Int
    }

    static let seededAt = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    private static func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "0A11CE00-7E3A-4000-8000-%012d", n))! }

    static let all: [Seed] = [
        Seed(
            id: id(1), name: "Lunch", iconName: "fork.knife", color: "#F59E0B", defaultAmount: Money(cents: 5_00), type: .debit,
            category: "Food", sortOrder: 1),
        Seed(
            id: id(2), name: "Snack", iconName: "cup.and.saucer", color: "#8B5CF6", defaultAmount: Money(cents: 2_00), type: .debit,
            category: "Food", sortOrder: 2),
        Seed(
            id: id(3), name: "Movie", iconName: "film", color: "#EC4899", defaultAmount: Money(cents: 15_00), type: .debit,
            category: "Entertainment", sortOrder: 3),
        Seed(
            id: id(4), name: "Game", iconName: "gamecontroller", color: "#3B82F6", defaultAmount: nil, type: .debit,
            category: "Entertainment", sortOrder: 4),
        Seed(
            id: id(5), name: "Book", iconName: "book", color: "#10B981", defaultAmount: Money(cents: 10_00), type: .debit,
            category: "Education", sortOrder: 5),
        Seed(
            id: id(6), name: "Toy", iconName: "teddybear", color: "#F97316", defaultAmount: nil, type: .debit, category: "Toys",
            sortOrder: 6),
        Seed(
            id: id(10), name: "Gift", iconName: "gift", color: "#EF4444", defaultAmount: nil, type: .credit, category: "Gift", sortOrder: 10
        ),
        Seed(
            id: id(11), name: "Chore Bonus", iconName: "checkmark.circle", color: "#22C55E", defaultAmount: Money(cents: 5_00),
            type: .credit, category: "Chores", sortOrder: 11),
        Seed(
            id: id(12), name: "Found Money", iconName: "magnifyingglass", color: "#6366F1", defaultAmount: nil, type: .credit,
            category: "Other", sortOrder: 12),
    ]
}
