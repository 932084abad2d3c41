import AppIntents

/// Quick Actions' Siri phrases. Only the app declares shortcuts (the widget extension shares
/// the intents but not this list).
struct AllowanceShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: CheckBalanceIntent(),
            phrases: [
                "Check my balance in \(.applicationName)",
                "What's my balance in \(.applicationName)",
                "How much money do I have in \(.applicationName)",
            ],
            shortTitle: "Check Balance",
            systemImageName: "dollarsign.circle"
        )
        AppShortcut(
            intent: CheckGoalProgressIntent(),
            phrases: [
                "How close am I to my goal in \(.applicationName)",
                "Check my savings goal in \(.applicationName)",
                "What's my goal progress in \(.applicationName)",
            ],
            shortTitle: "Goal Progress",
            systemImageName: "target"
        )
        AppShortcut(
            intent: QuickTransactionIntent(),
            phrases: [
                "Add a quick transaction in \(.applicationName)",
                "Add \(\.$template) in \(.applicationName)",
                "Record spending in \(.applicationName)",
            ],
            shortTitle: "Quick Transaction",
            systemImageName: "plus.circle"
        )
    }
}
