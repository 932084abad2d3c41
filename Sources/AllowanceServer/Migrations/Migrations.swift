import Fluent

/// The schema's changelog, in order. Add new migrations at the end.
enum AppMigrations {
    static let all: [any Migration] = [
        CreateFamily(),
        CreateUser(),
        CreateChild(),
        CreateTransaction(),
        CreateDailyTotals(),
        CreateSession(),
        CreateNotification(),
        CreateNotificationPreference(),
        CreateIdempotencyRecord(),
        CreateOccurrence(),
        AddChildAllowancePaused(),
        CreateRecurringTransaction(),
        CreateRecurringApproval(),
        CreateTransactionTemplate(),
        SeedGlobalTemplates(),
        CreateSavingsGoal(),
        CreateSavingsContribution(),
        CreateGoalMilestone(),
        CreateParentMatchingRule(),
        CreateGoalChallenge(),
        CreateAppCategory(),
        SeedAppCategories(),
        CreateLearningSession(),
        CreatePointsEntry(),
        CreateLearningGoal(),
        AddLearningNotificationPreferences(),
        CreateCustomBadge(),
        AddLearningStreakRuns(),
        CreateLoginFailure(),
        AddDailyTotalsSavings(),
        AddContributionGiverName(),
        CreateWidgetConfiguration(),
    ]
}
