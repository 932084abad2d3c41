import AllowanceAPI
import Vapor

// The wire types live in AllowanceAPI (shared with clients, no Vapor); the server lets Vapor
// encode and decode them.
extension RegisterParentRequest: Content {}
extension RegisterChildRequest: Content {}
extension LoginRequest: Content {}
extension AuthResponse: Content {}
extension UserResponse: Content {}
extension UpdateProfileRequest: Content {}
extension ChangePasswordRequest: Content {}
extension MessageResponse: Content {}
extension FamilyResponse: Content {}
extension ChildResponse: Content {}
extension ChildBalanceResponse: Content {}
extension UpdateChildRequest: Content {}
extension CreateTransactionRequest: Content {}
extension TransactionResponse: Content {}
extension TransactionListResponse: Content {}
extension ChildDashboardResponse: Content {}
extension ParentDashboardResponse: Content {}
extension ChildDashboard: Content {}
extension NotificationDto: Content {}
extension NotificationListResponse: Content {}
extension UnreadCountResponse: Content {}
extension NotificationPreferencesDto: Content {}
extension HealthResponse: Content {}
extension CreateRecurringTransactionDto: Content {}
extension UpdateRecurringTransactionDto: Content {}
extension RecurringTransactionDto: Content {}
extension PendingRecurringOccurrenceDto: Content {}
extension CreateTransactionTemplateDto: Content {}
extension UpdateTransactionTemplateDto: Content {}
extension UseTemplateDto: Content {}
extension TransactionTemplateDto: Content {}
extension BalanceWidgetDataDto: Content {}
extension QuickActionsWidgetDataDto: Content {}
extension MultiChildWidgetDataDto: Content {}
extension ChildBalanceSummaryDto: Content {}
extension SiriBalanceResponseDto: Content {}
extension CreateSavingsGoalDto: Content {}
extension UpdateSavingsGoalDto: Content {}
extension SavingsGoalDto: Content {}
extension ContributeToGoalDto: Content {}
extension WithdrawFromGoalDto: Content {}
extension MarkGoalPurchasedDto: Content {}
extension ContributionDto: Content {}
extension GoalProgressEventDto: Content {}
extension CreateMatchingRuleDto: Content {}
extension UpdateMatchingRuleDto: Content {}
extension MatchingRuleDto: Content {}
extension CreateGoalChallengeDto: Content {}
extension GoalChallengeDto: Content {}
extension GoalWidgetDataDto: Content {}
extension SiriGoalProgressResponseDto: Content {}
