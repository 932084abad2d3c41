import AllowanceKit
import Foundation
import Testing

@testable import AllowanceServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client covers the server's API: every declared endpoint is reached by an `APIClient`
/// method, with the method and path the server registers, and every money-moving one carries
/// an `Idempotency-Key`. A new endpoint on the server fails this test until the client has it.
@Suite struct EndpointCoverageTests {
    static let notCalled: Set<String> = []

    @Test func everyEndpointHasAClientMethod() async throws {
        // setup: a transport that notes each request and answers none
        let transport = RecordingTransport()
        let server = URL(string: "http://127.0.0.1:1")!
        let client = APIClient(
            server: server, tokenStore: InMemoryTokenStore(StoredSession(server: server, token: "t")), transport: transport)
        // act
        for call in Self.calls(UUID()) { try? await call(client) }
        // assert
        let sent = transport.requests
        let declared = APIEndpoints.all.map { endpoint in
            (key: "\(endpoint.method.rawValue) \(endpoint.path.replacing(/\{[^}]+\}/, with: "{}"))", idempotent: endpoint.idempotent)
        }
        for endpoint in declared where !Self.notCalled.contains(endpoint.key) {
            let matching = sent.filter { $0.key == endpoint.key }
            #expect(!matching.isEmpty, "no APIClient method calls \(endpoint.key)")
            if endpoint.idempotent {
                #expect(matching.allSatisfy { $0.idempotencyKey != nil }, "\(endpoint.key) is sent without an Idempotency-Key")
            }
        }
        #expect(Set(sent.map(\.key)).count == declared.count - Self.notCalled.count)
        let unknown = Set(sent.map(\.key)).subtracting(declared.map(\.key))
        #expect(unknown.isEmpty, "the client calls what the server does not declare: \(unknown)")
    }

    /// One call of each client method (their answers do not matter here).
    static func calls(_ id: UUID) -> [@Sendable (APIClient) async throws -> Void] {
        let money = Money(cents: 100)
        return [
            { _ = try await $0.login(email: "a@example.com", password: "p") },
            {
                _ = try await $0.registerParent(RegisterParentRequest(email: "", password: "", firstName: "", lastName: "", familyName: ""))
            },
            {
                _ = try await $0.registerChild(
                    RegisterChildRequest(email: "", password: "", firstName: "", lastName: "", weeklyAllowance: money))
            },
            { _ = try await $0.refresh() }, { _ = try await $0.me() }, { _ = try await $0.updateProfile(UpdateProfileRequest()) },
            { _ = try await $0.changePassword(current: "a", new: "b") },
            { _ = try await $0.family() }, { _ = try await $0.updateFamily(UpdateFamilyRequest()) }, { _ = try await $0.children() },
            { _ = try await $0.familyChildren() }, { _ = try await $0.child(id) },
            { _ = try await $0.createChild(CreateChildDto(firstName: "")) },
            { _ = try await $0.giveLogin(to: id, ChildLoginDto(email: "", password: "")) },
            { _ = try await $0.balance(of: id) }, { _ = try await $0.updateChild(id, UpdateChildRequest()) },
            { _ = try await $0.updateChildSettings(id, UpdateChildRequest()) },
            { try await $0.deleteChild(id) }, { _ = try await $0.pauseAllowance(of: id) }, { _ = try await $0.resumeAllowance(of: id) },
            { _ = try await $0.parentDashboard() }, { _ = try await $0.childDashboard() },
            { _ = try await $0.createTransaction(CreateTransactionRequest(childId: id, amount: money, type: .credit, description: "")) },
            { _ = try await $0.transactions(of: id) }, { _ = try await $0.transaction(id) },
            { _ = try await $0.transactionsCSV(of: id) },
            { _ = try await $0.notifications() }, { _ = try await $0.unreadNotificationCount() },
            { _ = try await $0.markNotificationRead(id) }, { _ = try await $0.markAllNotificationsRead() },
            { _ = try await $0.notificationPreferences() },
            { _ = try await $0.updateNotificationPreferences(NotificationPreferencesDto()) },
            { _ = try await $0.createSavingsGoal(CreateSavingsGoalDto(name: "", targetAmount: money)) },
            { _ = try await $0.savingsGoal(id) }, { _ = try await $0.savingsGoals(of: id) },
            { _ = try await $0.updateSavingsGoal(id, UpdateSavingsGoalDto()) }, { try await $0.cancelSavingsGoal(id) },
            { _ = try await $0.pauseSavingsGoal(id) }, { _ = try await $0.resumeSavingsGoal(id) },
            { _ = try await $0.contribute(to: id, ContributeToGoalDto(amount: money)) },
            { _ = try await $0.withdraw(from: id, WithdrawFromGoalDto(amount: money)) },
            { _ = try await $0.gift(to: id, GiftToGoalDto(amount: money, type: .parentGift)) },
            { _ = try await $0.markPurchased(id) }, { _ = try await $0.contributions(to: id) },
            {
                _ = try await $0.createMatchingRule(
                    for: id, CreateMatchingRuleDto(type: .ratioMatch, matchRatio: MatchRatio(tenThousandths: 5_000)))
            },
            { _ = try await $0.matchingRule(for: id) }, { _ = try await $0.updateMatchingRule(for: id, UpdateMatchingRuleDto()) },
            { try await $0.deleteMatchingRule(for: id) },
            { _ = try await $0.createChallenge(for: id, CreateGoalChallengeDto(targetAmount: money, endDate: Date(), bonusAmount: money)) },
            { _ = try await $0.challenge(for: id) }, { try await $0.cancelChallenge(for: id) }, { _ = try await $0.challenges(of: id) },
            {
                _ = try await $0.createRecurringTransaction(
                    CreateRecurringTransactionDto(childId: id, name: "", amount: money, type: .credit, pattern: .weekly, startDate: Date()))
            },
            { _ = try await $0.recurringTransactions() }, { _ = try await $0.recurringTransactions(of: id) },
            { _ = try await $0.recurringTransaction(id) },
            { _ = try await $0.updateRecurringTransaction(id, UpdateRecurringTransactionDto()) },
            { try await $0.deleteRecurringTransaction(id) }, { _ = try await $0.pauseRecurringTransaction(id) },
            { _ = try await $0.resumeRecurringTransaction(id) }, { _ = try await $0.executeRecurringTransaction(id) },
            { _ = try await $0.pendingOccurrences() }, { _ = try await $0.approveOccurrence(id) },
            { _ = try await $0.rejectOccurrence(id) },
            { _ = try await $0.templates() },
            { _ = try await $0.createTemplate(CreateTransactionTemplateDto(name: "", iconName: "", type: .debit)) },
            { _ = try await $0.updateTemplate(id, UpdateTransactionTemplateDto()) }, { try await $0.deleteTemplate(id) },
            { _ = try await $0.useTemplate(id, UseTemplateDto(childId: id)) },
            { _ = try await $0.balanceWidget(for: id) }, { _ = try await $0.quickActionsWidget(for: id) },
            { _ = try await $0.familyBalancesWidget() }, { _ = try await $0.goalWidget(for: id) },
            { _ = try await $0.spokenBalance(of: id) }, { _ = try await $0.spokenGoalProgress(of: id) },
            { _ = try await $0.widgetConfigurations() },
            { _ = try await $0.configureWidget(UpdateWidgetConfigDto(widgetType: "balance", widgetSize: "small")) },
            { _ = try await $0.spokenGoalProgress(named: "Lego") },
            { _ = try await $0.appCategories() },
            { _ = try await $0.createAppCategory(CreateAppCategoryDto(appName: "", bundleIdentifier: "", category: .learning)) },
            { _ = try await $0.updateAppCategory(id, UpdateAppCategoryDto()) }, { try await $0.deleteAppCategory(id) },
            {
                _ = try await $0.recordLearningSession(
                    CreateLearningSessionDto(childId: id, bundleIdentifier: "", startTime: Date(), endTime: Date()))
            },
            { _ = try await $0.learningSessions(of: id) }, { _ = try await $0.points(of: id) },
            { _ = try await $0.redeemPoints(of: id, PointsChangeDto(points: 1, description: "")) },
            { _ = try await $0.adjustPoints(of: id, PointsChangeDto(points: 1, description: "")) },
            { _ = try await $0.learningSettings() }, { _ = try await $0.updateLearningSettings(LearningSettingsDto()) },
            {
                _ = try await $0.createLearningGoal(
                    CreateLearningGoalDto(childId: id, title: "", type: .streak, targetValue: 1, frequency: .weekly))
            },
            { _ = try await $0.learningGoals(of: id) }, { _ = try await $0.learningGoal(id) },
            { _ = try await $0.updateLearningGoal(id, UpdateLearningGoalDto()) }, { try await $0.deleteLearningGoal(id) },
            { _ = try await $0.createBadge(CreateCustomBadgeDto(title: "x", measure: .hours, threshold: 1)) },
            { try await $0.retireBadge(id.uuidString) }, { _ = try await $0.badgeCatalogue() }, { _ = try await $0.badges(of: id) },
            { _ = try await $0.learningSummary(of: id) },
            { _ = try await $0.plan() },
            // Last: it ends the session the calls above use.
            { try await $0.logout() },
        ]
    }
}

/// Notes what was sent and answers nothing, as a server that is not there.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    struct Sent: Sendable {
        let key: String
        let idempotencyKey: String?
    }

    // A lock guards the list: calls may come from any task.
    private let lock = NSLock()
    private var sent: [Sent] = []

    var requests: [Sent] { lock.withLock { sent } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let path = (request.url?.path ?? "").replacing(
            /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/, with: "{}")
        let entry = Sent(
            key: "\(request.httpMethod ?? "GET") \(path)", idempotencyKey: request.value(forHTTPHeaderField: "Idempotency-Key"))
        lock.withLock { sent.append(entry) }
        throw URLError(.cannotConnectToHost)
    }
}
