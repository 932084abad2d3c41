import AllowanceAPI
import Foundation

/// Quick-add templates, and the data behind widgets and voice replies.
extension APIClient {
    /// Global and family templates, in sort order.
    public func templates() async throws -> [TransactionTemplateDto] {
        try await call(APIRequest(.get, "/api/v1/templates"))
    }

    public func createTemplate(_ input: CreateTransactionTemplateDto) async throws -> TransactionTemplateDto {
        try await call(APIRequest(.post, "/api/v1/templates", json: input))
    }

    /// Send only what changes (the parent who created it).
    public func updateTemplate(_ templateId: UUID, _ input: UpdateTransactionTemplateDto) async throws -> TransactionTemplateDto {
        try await call(APIRequest(.put, "/api/v1/templates/\(templateId)", json: input))
    }

    public func deleteTemplate(_ templateId: UUID) async throws {
        try await callWithoutAnswer(APIRequest(.delete, "/api/v1/templates/\(templateId)"))
    }

    /// Posts a transaction from a template (a child: their own spending only).
    public func useTemplate(_ templateId: UUID, _ input: UseTemplateDto, idempotencyKey: String = UUID().uuidString) async throws
        -> TransactionResponse
    {
        try await call(APIRequest(.post, "/api/v1/templates/\(templateId)/use", json: input, idempotencyKey: idempotencyKey))
    }

    public func balanceWidget(for childId: UUID) async throws -> BalanceWidgetDataDto {
        try await call(APIRequest(.get, "/api/v1/widgets/balance/\(childId)"))
    }

    public func quickActionsWidget(for childId: UUID) async throws -> QuickActionsWidgetDataDto {
        try await call(APIRequest(.get, "/api/v1/widgets/quick-actions/\(childId)"))
    }

    /// Every child's balance (parents).
    public func familyBalancesWidget() async throws -> MultiChildWidgetDataDto {
        try await call(APIRequest(.get, "/api/v1/widgets/family-balances"))
    }

    public func goalWidget(for goalId: UUID) async throws -> GoalWidgetDataDto {
        try await call(APIRequest(.get, "/api/v1/widgets/goal/\(goalId)"))
    }

    /// The signed-in user's widget configurations.
    public func widgetConfigurations() async throws -> WidgetConfigurationListDto {
        try await call(APIRequest(.get, "/api/v1/widgets/config"))
    }

    /// Sets up one widget (type and size); replaces that type and size's earlier set-up.
    public func configureWidget(_ input: UpdateWidgetConfigDto) async throws -> WidgetConfigurationDto {
        try await call(APIRequest(.put, "/api/v1/widgets/config", json: input))
    }

    /// "Kai has $42.50. ...": a balance as a voice assistant says it.
    public func spokenBalance(of childId: UUID) async throws -> SiriBalanceResponseDto {
        try await call(APIRequest(.get, "/api/v1/siri/balance/\(childId)"))
    }

    public func spokenGoalProgress(of goalId: UUID) async throws -> SiriGoalProgressResponseDto {
        try await call(APIRequest(.get, "/api/v1/siri/goal-progress/\(goalId)"))
    }

    /// A goal's progress, the goal named as said ("lego"); a parent may name the child (first
    /// name or id). When none or several match, `found` is false and the reply says so.
    public func spokenGoalProgress(named name: String, child: String? = nil) async throws -> SiriGoalLookupResponseDto {
        var query = [URLQueryItem(name: "name", value: name)]
        if let child { query.append(URLQueryItem(name: "child", value: child)) }
        return try await call(APIRequest(.get, "/api/v1/siri/goal-progress", query: query))
    }
}
