import AllowanceAPI
import Foundation

/// One documented `/api/v1` operation. The list in `APIOperations.all` is the contract that
/// `/openapi.json` publishes; a test keeps it in step with the registered routes.
struct APIOperation {
    enum Access: String {
        case anyone = "Anyone"
        case signedIn = "Any signed-in user (a child sees only their own money)"
        case parent = "Parent of this family"
        case child = "The signed-in child"
        case creator = "The parent who created it"
        case parentOrOwnChild = "A parent of this family, or the child it belongs to"
    }

    let method: String
    let path: String
    let summary: String
    let access: Access
    let request: (any APISample.Type)?
    let response: (any APISample.Type)?
    let status: Int
    var queryParameters: [String] = []
    var idempotent: Bool = false

    init(
        _ method: String, _ path: String, _ summary: String, access: Access, request: (any APISample.Type)? = nil,
        response: (any APISample.Type)?, status: Int = 200, query: [String] = [], idempotent: Bool = false
    ) {
        self.method = method
        self.path = path
        self.summary = summary
        self.access = access
        self.request = request
        self.response = response
        self.status = status
        self.queryParameters = query
        self.idempotent = idempotent
    }
}

/// A type that can show an example of itself; its schema is read off the example.
protocol APISample: Encodable {
    static var sample: Self { get }
}

extension Array: APISample where Element: APISample {
    static var sample: [Element] { [Element.sample] }
}

enum APIOperations {
    nonisolated(unsafe) static let all: [APIOperation] = [
        .init("POST", "/api/v1/auth/register/parent", "Register a parent and a new family", access: .anyone, request: RegisterParentRequest.self, response: AuthResponse.self, status: 201),
        .init("POST", "/api/v1/auth/register/child", "Add a child login and money account", access: .parent, request: RegisterChildRequest.self, response: ChildResponse.self, status: 201),
        .init("POST", "/api/v1/auth/login", "Sign in (rememberMe gives a 30-day token)", access: .anyone, request: LoginRequest.self, response: AuthResponse.self),
        .init("POST", "/api/v1/auth/refresh", "Exchange a live token for a new one", access: .signedIn, response: AuthResponse.self),
        .init("GET", "/api/v1/auth/me", "The signed-in user", access: .signedIn, response: UserResponse.self),
        .init("PUT", "/api/v1/auth/me", "Update name or email", access: .signedIn, request: UpdateProfileRequest.self, response: UserResponse.self),
        .init("POST", "/api/v1/auth/change-password", "Change password; other devices are signed out", access: .signedIn, request: ChangePasswordRequest.self, response: MessageResponse.self),
        .init("POST", "/api/v1/auth/logout", "End this token's session", access: .signedIn, response: MessageResponse.self),
        .init("GET", "/api/v1/families/current", "The signed-in user's family", access: .signedIn, response: FamilyResponse.self),
        .init("GET", "/api/v1/families/current/children", "The family's children", access: .signedIn, response: [ChildResponse].self),
        .init("GET", "/api/v1/children", "The family's children", access: .signedIn, response: [ChildResponse].self),
        .init("GET", "/api/v1/children/{childId}", "One child", access: .signedIn, response: ChildResponse.self),
        .init("GET", "/api/v1/children/{childId}/balance", "A child's balance", access: .signedIn, response: ChildBalanceResponse.self),
        .init("PUT", "/api/v1/children/{childId}", "Change names, weekly allowance or allowance day", access: .parent, request: UpdateChildRequest.self, response: ChildResponse.self),
        .init("DELETE", "/api/v1/children/{childId}", "Remove a child with their login and ledger", access: .parent, response: nil, status: 204),
        .init("GET", "/api/v1/children/{childId}/transactions", "A child's ledger, newest first", access: .signedIn, response: TransactionListResponse.self, query: ["limit", "offset", "type", "search", "from", "to"]),
        .init("POST", "/api/v1/transactions", "Record money in (Credit) or out (Debit)", access: .parent, request: CreateTransactionRequest.self, response: TransactionResponse.self, status: 201, idempotent: true),
        .init("GET", "/api/v1/transactions/{transactionId}", "One ledger entry", access: .signedIn, response: TransactionResponse.self),
        .init("GET", "/api/v1/dashboard/parent", "The family at a glance", access: .parent, response: ParentDashboardResponse.self),
        .init("GET", "/api/v1/dashboard/child", "The signed-in child's dashboard", access: .child, response: ChildDashboard.self),
        .init("GET", "/api/v1/notifications", "The user's notifications, newest first", access: .signedIn, response: NotificationListResponse.self, query: ["unreadOnly", "limit"]),
        .init("GET", "/api/v1/notifications/unread-count", "How many are unread", access: .signedIn, response: UnreadCountResponse.self),
        .init("PATCH", "/api/v1/notifications/{notificationId}/read", "Mark one read", access: .signedIn, response: NotificationDto.self),
        .init("POST", "/api/v1/notifications/read", "Mark all read", access: .signedIn, response: UnreadCountResponse.self),
        .init("GET", "/api/v1/notifications/preferences", "Notification preferences", access: .signedIn, response: NotificationPreferencesDto.self),
        .init("PUT", "/api/v1/notifications/preferences", "Change notification preferences (send only what changes)", access: .signedIn, request: NotificationPreferencesDto.self, response: NotificationPreferencesDto.self),
        // Allowance pause (quick actions: payday)
        .init("POST", "/api/v1/children/{childId}/allowance/pause", "Pause a child's allowance: paydays are skipped until resumed", access: .parent, response: ChildResponse.self),
        .init("POST", "/api/v1/children/{childId}/allowance/resume", "Resume a child's allowance from the next payday", access: .parent, response: ChildResponse.self),
        // Recurring transactions
        .init("POST", "/api/v1/recurring-transactions", "Create a recurring transaction", access: .parent, request: CreateRecurringTransactionDto.self, response: RecurringTransactionDto.self, status: 201),
        .init("GET", "/api/v1/recurring-transactions", "The family's recurring transactions, next due first", access: .parent, response: [RecurringTransactionDto].self),
        .init("GET", "/api/v1/children/{childId}/recurring-transactions", "A child's recurring transactions", access: .signedIn, response: [RecurringTransactionDto].self),
        .init("GET", "/api/v1/recurring-transactions/{recurringTransactionId}", "One recurring transaction", access: .signedIn, response: RecurringTransactionDto.self),
        .init("PUT", "/api/v1/recurring-transactions/{recurringTransactionId}", "Change a recurring transaction (send only what changes)", access: .parent, request: UpdateRecurringTransactionDto.self, response: RecurringTransactionDto.self),
        .init("DELETE", "/api/v1/recurring-transactions/{recurringTransactionId}", "Remove a recurring transaction (its postings stay)", access: .parent, response: nil, status: 204),
        .init("POST", "/api/v1/recurring-transactions/{recurringTransactionId}/pause", "Pause: nothing falls due until resumed", access: .parent, response: RecurringTransactionDto.self),
        .init("POST", "/api/v1/recurring-transactions/{recurringTransactionId}/resume", "Resume from now (what fell due while paused is skipped)", access: .parent, response: RecurringTransactionDto.self),
        .init("POST", "/api/v1/recurring-transactions/{recurringTransactionId}/execute", "Post the next occurrence now", access: .parent, response: TransactionResponse.self, status: 201, idempotent: true),
        .init("GET", "/api/v1/recurring-transactions/pending", "Occurrences waiting for a parent's approval", access: .parent, response: [PendingRecurringOccurrenceDto].self),
        .init("POST", "/api/v1/recurring-transactions/pending/{occurrenceId}/approve", "Approve: the occurrence is posted now", access: .parent, response: TransactionResponse.self, status: 201, idempotent: true),
        .init("POST", "/api/v1/recurring-transactions/pending/{occurrenceId}/reject", "Reject: nothing is posted", access: .parent, response: PendingRecurringOccurrenceDto.self),
        // Templates
        .init("GET", "/api/v1/templates", "Global and family templates, in sort order", access: .signedIn, response: [TransactionTemplateDto].self),
        .init("POST", "/api/v1/templates", "Create a family template", access: .parent, request: CreateTransactionTemplateDto.self, response: TransactionTemplateDto.self, status: 201),
        .init("PUT", "/api/v1/templates/{templateId}", "Change a family template", access: .creator, request: UpdateTransactionTemplateDto.self, response: TransactionTemplateDto.self),
        .init("DELETE", "/api/v1/templates/{templateId}", "Retire a family template", access: .creator, response: nil, status: 204),
        .init("POST", "/api/v1/templates/{templateId}/use", "Post a transaction from a template (a child: their own spending only)", access: .signedIn, request: UseTemplateDto.self, response: TransactionResponse.self, status: 201, idempotent: true),
        // Widgets and voice
        .init("GET", "/api/v1/widgets/balance/{childId}", "Balance widget data", access: .signedIn, response: BalanceWidgetDataDto.self),
        .init("GET", "/api/v1/widgets/quick-actions/{childId}", "Quick-actions widget data", access: .signedIn, response: QuickActionsWidgetDataDto.self),
        .init("GET", "/api/v1/widgets/family-balances", "Every child's balance", access: .parent, response: MultiChildWidgetDataDto.self),
        .init("GET", "/api/v1/siri/balance/{childId}", "A balance as a spoken reply", access: .signedIn, response: SiriBalanceResponseDto.self),
        .init("GET", "/api/v1/widgets/goal/{goalId}", "A goal's progress for a home-screen widget", access: .parentOrOwnChild, response: GoalWidgetDataDto.self),
        .init("GET", "/api/v1/siri/goal-progress/{goalId}", "A goal's progress as a spoken reply", access: .parentOrOwnChild, response: SiriGoalProgressResponseDto.self),
        .init("POST", "/api/v1/savings-goals", "Create a savings goal (a parent names childId; a child's goal is their own)", access: .parentOrOwnChild, request: CreateSavingsGoalDto.self, response: SavingsGoalDto.self, status: 201),
        .init("GET", "/api/v1/savings-goals/{goalId}", "One goal with milestones, matching, challenge and projection", access: .parentOrOwnChild, response: SavingsGoalDto.self),
        .init("GET", "/api/v1/children/{childId}/savings-goals", "A child's goals by priority (Active and Paused unless asked)", access: .parentOrOwnChild, response: [SavingsGoalDto].self, query: ["status", "includeCompleted"]),
        .init("PUT", "/api/v1/savings-goals/{goalId}", "Change a goal (send only what changes)", access: .parentOrOwnChild, request: UpdateSavingsGoalDto.self, response: SavingsGoalDto.self),
        .init("DELETE", "/api/v1/savings-goals/{goalId}", "Cancel a goal: everything in it returns to the balance", access: .parent, response: nil, status: 204),
        .init("POST", "/api/v1/savings-goals/{goalId}/pause", "Pause a goal (no contributions or auto-transfers)", access: .parent, response: SavingsGoalDto.self),
        .init("POST", "/api/v1/savings-goals/{goalId}/resume", "Resume a paused goal", access: .parent, response: SavingsGoalDto.self),
        .init("POST", "/api/v1/savings-goals/{goalId}/contribute", "Move money from the balance into the goal (matched, milestones, challenge)", access: .parentOrOwnChild, request: ContributeToGoalDto.self, response: GoalProgressEventDto.self, idempotent: true),
        .init("POST", "/api/v1/savings-goals/{goalId}/withdraw", "Move money from the goal back to the balance", access: .parent, request: WithdrawFromGoalDto.self, response: ContributionDto.self, idempotent: true),
        .init("GET", "/api/v1/savings-goals/{goalId}/contributions", "The goal's history, newest first", access: .parentOrOwnChild, response: [ContributionDto].self, query: ["type", "startDate", "endDate", "limit"]),
        .init("POST", "/api/v1/savings-goals/{goalId}/purchase", "Mark a completed goal purchased (records the spend)", access: .parent, request: MarkGoalPurchasedDto.self, response: SavingsGoalDto.self, idempotent: true),
        .init("POST", "/api/v1/savings-goals/{goalId}/matching", "Create the goal's matching rule (one per goal)", access: .parent, request: CreateMatchingRuleDto.self, response: MatchingRuleDto.self, status: 201),
        .init("GET", "/api/v1/savings-goals/{goalId}/matching", "The goal's matching rule", access: .parentOrOwnChild, response: MatchingRuleDto.self),
        .init("PUT", "/api/v1/savings-goals/{goalId}/matching", "Change the matching rule (send only what changes)", access: .parent, request: UpdateMatchingRuleDto.self, response: MatchingRuleDto.self),
        .init("DELETE", "/api/v1/savings-goals/{goalId}/matching", "Remove the matching rule", access: .parent, response: nil, status: 204),
        .init("POST", "/api/v1/savings-goals/{goalId}/challenge", "Start a time-bound challenge (one running per goal)", access: .parent, request: CreateGoalChallengeDto.self, response: GoalChallengeDto.self, status: 201),
        .init("GET", "/api/v1/savings-goals/{goalId}/challenge", "The goal's running challenge", access: .parentOrOwnChild, response: GoalChallengeDto.self),
        .init("DELETE", "/api/v1/savings-goals/{goalId}/challenge", "Cancel the running challenge", access: .parent, response: nil, status: 204),
        .init("GET", "/api/v1/children/{childId}/challenges", "Every challenge on a child's goals, newest first", access: .parentOrOwnChild, response: [GoalChallengeDto].self),
    ]
}
