import AllowanceAPI
import Foundation

// Examples of every wire type, for the OpenAPI document. Every optional field is filled so
// that it appears in the schema.

private let sampleID = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!
private let sampleDate = Date(timeIntervalSince1970: 1_795_000_000)

extension RegisterParentRequest: APISample {
    static var sample: Self {
        .init(
            email: "parent@example.com", password: "secret1", firstName: "Alex", lastName: "Demo", familyName: "The Demo Family",
            timeZone: "America/New_York")
    }
}
extension RegisterChildRequest: APISample {
    static var sample: Self {
        .init(
            email: "kai@example.com", password: "secret1", firstName: "Kai", lastName: "Demo", weeklyAllowance: Money(cents: 1000),
            allowanceDay: .saturday, initialBalance: Money(cents: 500))
    }
}
extension LoginRequest: APISample {
    static var sample: Self { .init(email: "parent@example.com", password: "secret1", rememberMe: true) }
}
extension AuthResponse: APISample {
    static var sample: Self {
        .init(
            userId: sampleID, email: "parent@example.com", firstName: "Alex", lastName: "Demo", role: .parent, familyId: sampleID,
            familyName: "The Demo Family", childId: sampleID, token: "eyJ...", expiresAt: sampleDate)
    }
}
extension UserResponse: APISample {
    static var sample: Self {
        .init(
            userId: sampleID, email: "parent@example.com", firstName: "Alex", lastName: "Demo", role: .parent, familyId: sampleID,
            familyName: "The Demo Family", childId: sampleID)
    }
}
extension UpdateProfileRequest: APISample {
    static var sample: Self { .init(firstName: "Alex", lastName: "Demo", email: "alex@example.com") }
}
extension ChangePasswordRequest: APISample {
    static var sample: Self { .init(currentPassword: "secret1", newPassword: "secret2") }
}
extension MessageResponse: APISample {
    static var sample: Self { .init(message: "Signed out") }
}
extension UpdateFamilyRequest: APISample {
    static var sample: Self { .init(name: "The Larsens", timeZone: "Europe/Oslo") }
}
extension FamilyResponse: APISample {
    static var sample: Self {
        .init(id: sampleID, name: "The Demo Family", timeZone: "America/New_York", childCount: 2, createdAt: sampleDate)
    }
}
extension ChildResponse: APISample {
    static var sample: Self {
        .init(
            id: sampleID, userId: sampleID, email: "kai@example.com", firstName: "Kai", lastName: "Demo",
            currentBalance: Money(cents: 10000), weeklyAllowance: Money(cents: 1000), allowanceDay: .saturday,
            lastAllowanceDate: sampleDate, nextAllowanceDate: sampleDate, allowancePaused: false, createdAt: sampleDate)
    }
}
extension CreateChildDto: APISample {
    static var sample: Self {
        .init(
            firstName: "Mia", lastName: "Demo", weeklyAllowance: Money(cents: 300), allowanceDay: .saturday,
            initialBalance: Money(cents: 1000))
    }
}
extension ChildLoginDto: APISample {
    static var sample: Self { .init(email: "mia@example.com", password: "secret1") }
}
extension FamilyChildrenResponse: APISample {
    static var sample: Self { .init(children: [.sample]) }
}
extension ChildBalanceResponse: APISample {
    static var sample: Self { .init(childId: sampleID, currentBalance: Money(cents: 10000)) }
}
extension UpdateChildRequest: APISample {
    static var sample: Self { .init(firstName: "Kai", lastName: "Demo", weeklyAllowance: Money(cents: 1200), allowanceDay: .friday) }
}
extension CreateTransactionRequest: APISample {
    static var sample: Self {
        .init(
            childId: sampleID, amount: Money(cents: 550), type: .debit, description: "Comic book", category: "Fun",
            notes: "From the corner shop")
    }
}
extension TransactionResponse: APISample {
    static var sample: Self {
        .init(
            id: sampleID, childId: sampleID, amount: Money(cents: 550), type: .debit, description: "Comic book", category: "Fun",
            notes: "From the corner shop", balanceAfter: Money(cents: 9450), createdAt: sampleDate, createdBy: sampleID,
            createdByName: "Alex Demo")
    }
}
extension TransactionListResponse: APISample {
    static var sample: Self { .init(transactions: [.sample], limit: 20, offset: 0, hasMore: false) }
}
extension ChildDashboardResponse: APISample {
    static var sample: Self {
        .init(
            childId: sampleID, userId: sampleID, firstName: "Kai", lastName: "Demo", currentBalance: Money(cents: 10000),
            weeklyAllowance: Money(cents: 1000), recentTransactionCount: 3)
    }
}
extension ParentDashboardResponse: APISample {
    static var sample: Self {
        .init(
            familyName: "The Demo Family", totalBalance: Money(cents: 20000), totalWeeklyAllowance: Money(cents: 1800), children: [.sample])
    }
}
extension ChildDashboard: APISample {
    static var sample: Self {
        .init(
            childId: sampleID, firstName: "Kai", lastName: "Demo", currentBalance: Money(cents: 10000), weeklyAllowance: Money(cents: 1000),
            allowanceDay: .saturday, lastAllowanceDate: sampleDate, nextAllowanceDate: sampleDate, daysUntilNextAllowance: 3,
            monthlyStats: MonthlyStats(totalEarned: Money(cents: 2000), totalSpent: Money(cents: 550)), recentTransactions: [.sample])
    }
}
extension NotificationDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, type: .lowBalance, title: "Kai's balance is low", message: "Kai has $4.50", childId: sampleID, isRead: false,
            createdAt: sampleDate, readAt: sampleDate)
    }
}
extension NotificationListResponse: APISample {
    static var sample: Self { .init(notifications: [.sample], unreadCount: 1) }
}
extension UnreadCountResponse: APISample {
    static var sample: Self { .init(count: 1) }
}
extension NotificationPreferencesDto: APISample {
    static var sample: Self {
        .init(
            notificationsEnabled: true, transactionAlertsEnabled: true, allowanceRemindersEnabled: true, balanceAlertsEnabled: true,
            lowBalanceWarningEnabled: true, lowBalanceThreshold: Money(cents: 1000), learningAlertsEnabled: true,
            streakRemindersEnabled: true, weeklySummaryEnabled: true, quietHoursStart: "21:00", quietHoursEnd: "07:00")
    }
}
extension ErrorResponse: APISample {
    static var sample: Self { .init(code: "insufficient_balance", message: "Insufficient balance: Kai has $3.00") }
}

// MARK: - Quick actions

private let sampleTime = TimeOfDay(hour: 9, minute: 0)!

extension CreateRecurringTransactionDto: APISample {
    static var sample: Self {
        .init(
            childId: sampleID, name: "Music subscription", amount: Money(cents: 499), type: .debit, category: "Entertainment",
            description: "Monthly music plan", pattern: .monthly, dayOfWeek: 1, dayOfMonth: 15, timeOfDay: sampleTime,
            startDate: sampleDate, endDate: sampleDate, maxOccurrences: 12, requiresApproval: false)
    }
}
extension UpdateRecurringTransactionDto: APISample {
    static var sample: Self {
        .init(
            name: "Music subscription", amount: Money(cents: 599), category: "Entertainment", description: "Family plan", pattern: .weekly,
            dayOfWeek: 1, dayOfMonth: 15, timeOfDay: sampleTime, endDate: sampleDate, maxOccurrences: 24, requiresApproval: true)
    }
}
extension RecurringTransactionDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, childId: sampleID, childName: "Kai", name: "Music subscription", amount: Money(cents: 499), type: .debit,
            category: "Entertainment", description: "Monthly music plan", pattern: .monthly, patternDescription: "Monthly on the 15th",
            dayOfWeek: 1, dayOfMonth: 15, timeOfDay: sampleTime, startDate: sampleDate, endDate: sampleDate, maxOccurrences: 12,
            occurrenceCount: 2, lastExecutedAt: sampleDate, nextExecutionDate: sampleDate, isActive: true, isPaused: false,
            requiresApproval: false, createdAt: sampleDate)
    }
}
extension PendingRecurringOccurrenceDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, recurringTransactionId: sampleID, childId: sampleID, childName: "Kai", name: "Music subscription",
            amount: Money(cents: 499), type: .debit, description: "Monthly music plan", category: "Entertainment", dueDate: sampleDate,
            status: .pending, decidedAt: sampleDate, transactionId: sampleID)
    }
}
extension CreateTransactionTemplateDto: APISample {
    static var sample: Self {
        .init(
            name: "Bus fare", iconName: "bus", color: "#0EA5E9", defaultAmount: Money(cents: 250), type: .debit, category: "Transport",
            descriptionTemplate: "Bus to school")
    }
}
extension UpdateTransactionTemplateDto: APISample {
    static var sample: Self {
        .init(
            name: "Bus fare", iconName: "bus", color: "#0EA5E9", defaultAmount: Money(cents: 275), category: "Transport",
            descriptionTemplate: "Bus to school", sortOrder: 13)
    }
}
extension UseTemplateDto: APISample {
    static var sample: Self { .init(childId: sampleID, amount: Money(cents: 600), description: "Lunch with friends") }
}
extension TransactionTemplateDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, name: "Lunch", iconName: "fork.knife", color: "#F59E0B", defaultAmount: Money(cents: 500), type: .debit,
            category: "Food", descriptionTemplate: "School lunch", isGlobal: true, usageCount: 3, sortOrder: 1)
    }
}
extension BalanceWidgetDataDto: APISample {
    static var sample: Self {
        .init(
            childId: sampleID, childName: "Kai", avatarUrl: "https://example.com/kai.png", currentBalance: Money(cents: 4250),
            savingsBalance: Money(cents: 2500), balanceChangeToday: "+$5.00", lastUpdated: sampleDate)
    }
}
extension QuickActionsWidgetDataDto: APISample {
    static var sample: Self { .init(templates: [.sample], currentBalance: Money(cents: 4250)) }
}
extension ChildBalanceSummaryDto: APISample {
    static var sample: Self { .init(childId: sampleID, name: "Kai", avatarUrl: "https://example.com/kai.png", balance: Money(cents: 4250)) }
}
extension MultiChildWidgetDataDto: APISample {
    static var sample: Self { .init(children: [.sample]) }
}
extension SiriBalanceResponseDto: APISample {
    static var sample: Self { .init(spokenResponse: "Kai has $42.50. That's $5.00 more than yesterday.", balance: Money(cents: 4250)) }
}

// MARK: - Savings goals

private let sampleMilestone = MilestoneDto(
    id: sampleID, percentComplete: 50, targetAmount: Money(cents: 5000), isAchieved: true, achievedAt: sampleDate,
    celebrationMessage: "Halfway to Bike!", bonusAmount: Money(cents: 250))

extension CreateSavingsGoalDto: APISample {
    static var sample: Self {
        .init(
            childId: sampleID, name: "Bike", description: "The red one", targetAmount: Money(cents: 10000),
            imageUrl: "https://example.com/bike.png",
            productUrl: "https://example.com/bike", category: .toy, targetDate: sampleDate, priority: 1,
            autoTransferAmount: Money(cents: 200),
            autoTransferType: .fixedAmount)
    }
}
extension UpdateSavingsGoalDto: APISample {
    static var sample: Self {
        .init(
            name: "Bike", description: "The red one", targetAmount: Money(cents: 12000), imageUrl: "https://example.com/bike.png",
            productUrl: "https://example.com/bike", category: .toy, targetDate: sampleDate, priority: 2,
            autoTransferAmount: Money(cents: 2500),
            autoTransferType: .percentage)
    }
}
extension SavingsGoalDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, childId: sampleID, childName: "Kai", name: "Bike", description: "The red one", targetAmount: Money(cents: 10000),
            currentAmount: Money(cents: 5500), remainingAmount: Money(cents: 4500), progressPercentage: 55,
            imageUrl: "https://example.com/bike.png",
            productUrl: "https://example.com/bike", category: .toy, targetDate: sampleDate, daysRemaining: 33, status: .active,
            completedAt: sampleDate, purchasedAt: sampleDate, priority: 1, autoTransferAmount: Money(cents: 200),
            autoTransferType: .fixedAmount,
            matchingRule: MatchingRuleSummaryDto(
                id: sampleID, type: .ratioMatch, typeDescription: "$1 for every $2 saved", matchRatio: MatchRatio(tenThousandths: 5000),
                maxMatchAmount: Money(cents: 2000), totalMatchedAmount: Money(cents: 500), remainingMatchAmount: Money(cents: 1500),
                isActive: true,
                isExpired: false, expiresAt: sampleDate),
            activeChallenge: GoalChallengeDto.sample.summary, milestones: [sampleMilestone], canAfford: true,
            projectedCompletionDate: sampleDate,
            projectedCompletionText: "At this pace: March 3", createdAt: sampleDate)
    }
}
extension ContributeToGoalDto: APISample {
    static var sample: Self { .init(amount: Money(cents: 500), description: "Birthday money") }
}
extension WithdrawFromGoalDto: APISample {
    static var sample: Self { .init(amount: Money(cents: 300), reason: "School trip") }
}
extension GiftToGoalDto: APISample {
    static var sample: Self { .init(amount: Money(cents: 2000), type: .externalGift, giverName: "Grandma Rose", note: "Happy birthday!") }
}
extension MarkGoalPurchasedDto: APISample {
    static var sample: Self { .init(notes: "Bought at the bike shop") }
}
extension ContributionDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, amount: Money(cents: 500), type: .childDeposit, goalBalanceAfter: Money(cents: 5500),
            description: "Birthday money",
            createdAt: sampleDate, createdByName: "Kai Demo", giverName: "Grandma Rose")
    }
}
extension GoalProgressEventDto: APISample {
    static var sample: Self {
        .init(
            goalId: sampleID, goalName: "Bike", newAmount: Money(cents: 5500), targetAmount: Money(cents: 10000), progressPercentage: 55,
            milestonesReached: [sampleMilestone], isCompleted: false, matchAmountAdded: Money(cents: 250),
            challengeBonusAdded: Money(cents: 500),
            balanceAfter: Money(cents: 4500))
    }
}
extension CreateMatchingRuleDto: APISample {
    static var sample: Self {
        .init(type: .ratioMatch, matchRatio: MatchRatio(tenThousandths: 5000), maxMatchAmount: Money(cents: 2000), expiresAt: sampleDate)
    }
}
extension UpdateMatchingRuleDto: APISample {
    static var sample: Self {
        .init(matchRatio: MatchRatio(tenThousandths: 10000), maxMatchAmount: Money(cents: 3000), isActive: true, expiresAt: sampleDate)
    }
}
extension MatchingRuleDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, goalId: sampleID, goalName: "Bike", type: .ratioMatch, typeDescription: "$1 for every $2 saved",
            matchRatio: MatchRatio(tenThousandths: 5000), maxMatchAmount: Money(cents: 2000), totalMatchedAmount: Money(cents: 500),
            remainingMatchAmount: Money(cents: 1500), isActive: true, isExpired: false, createdAt: sampleDate, expiresAt: sampleDate,
            createdByName: "Alex Demo")
    }
}
extension CreateGoalChallengeDto: APISample {
    static var sample: Self {
        .init(targetAmount: Money(cents: 2000), endDate: sampleDate, bonusAmount: Money(cents: 500), description: "Save $20 in two weeks")
    }
}
extension GoalChallengeDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, goalId: sampleID, goalName: "Bike", childId: sampleID, targetAmount: Money(cents: 2000),
            currentProgress: Money(cents: 1200),
            progressPercentage: 60, startDate: sampleDate, endDate: sampleDate, daysRemaining: 5, bonusAmount: Money(cents: 500),
            status: .active,
            completedAt: sampleDate, description: "Save $20 in two weeks")
    }
}

extension GoalWidgetDataDto: APISample {
    static var sample: Self {
        .init(
            goalId: sampleID, goalName: "Bike", imageUrl: "https://example.com/bike.png", currentAmount: Money(cents: 1800),
            targetAmount: Money(cents: 4000),
            progressPercentage: 45, remainingAmount: Money(cents: 2200), daysRemaining: 12)
    }
}
extension UpdateWidgetConfigDto: APISample {
    static var sample: Self {
        .init(
            widgetType: "goal", widgetSize: "small",
            configuration: .object(["goalId": .string(sampleID.uuidString), "showAmount": .bool(true)]))
    }
}
extension WidgetConfigurationDto: APISample {
    static var sample: Self {
        .init(
            id: sampleID, widgetType: "goal", widgetSize: "small",
            configuration: .object(["goalId": .string(sampleID.uuidString), "showAmount": .bool(true)]), createdAt: sampleDate,
            updatedAt: sampleDate)
    }
}
extension WidgetConfigurationListDto: APISample {
    static var sample: Self { .init(widgets: [.sample]) }
}
extension SiriGoalLookupResponseDto: APISample {
    static var sample: Self {
        .init(
            spokenResponse: "Kai is 45% of the way to Lego Castle, with $22.00 to go.", found: true, goalId: sampleID, childId: sampleID,
            goalName: "Lego Castle", progressPercentage: 45, remainingAmount: Money(cents: 2200), candidates: ["Lego Castle"])
    }
}
extension SiriGoalProgressResponseDto: APISample {
    static var sample: Self {
        .init(
            spokenResponse: "Kai is 45% of the way to Bike, with $22.00 to go.", goalName: "Bike", progressPercentage: 45,
            remainingAmount: Money(cents: 2200))
    }
}
