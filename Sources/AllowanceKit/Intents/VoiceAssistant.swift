import AllowanceAPI
import Foundation

/// What Siri and Shortcuts say: the server's `spokenResponse` for a balance or a goal, and a
/// quick transaction from a template. Every answer is a sentence to speak, failures included,
/// so an intent only passes it on.
public struct VoiceAssistant: Sendable {
    public static let signInFirst = "Please open AllowanceTracker and sign in first."

    private let client: APIClient
    private let format: DisplayFormat

    public init(client: APIClient, format: DisplayFormat = DisplayFormat()) {
        self.client = client
        self.format = format
    }

    /// "Check my balance": the chosen child's; a child's own; for a parent who chose none,
    /// every child's, one after the other.
    public func balance(childId: UUID?) async -> String {
        await spoken {
            if let childId { return try await client.spokenBalance(of: childId).spokenResponse }
            let children = try await targets.children()
            guard !children.isEmpty else { return Self.noChildren }
            var sentences: [String] = []
            for child in children { sentences.append(try await client.spokenBalance(of: child.id).spokenResponse) }
            return sentences.joined(separator: " ")
        }
    }

    /// "How close am I to my goal": the chosen goal; otherwise the front goal of the child (or
    /// of each child, for a parent).
    public func goalProgress(goalId: UUID?) async -> String {
        await spoken {
            if let goalId { return try await client.spokenGoalProgress(of: goalId).spokenResponse }
            let children = try await targets.children()
            guard !children.isEmpty else { return Self.noChildren }
            var sentences: [String] = []
            for child in children {
                if let goal = try await targets.topGoal(of: child.id) {
                    sentences.append(try await client.spokenGoalProgress(of: goal.id).spokenResponse)
                }
            }
            guard sentences.isEmpty else { return sentences.joined(separator: " ") }
            let isChild = await client.currentSession()?.user?.role == .child
            return isChild ? "You don't have a savings goal yet." : "No one in your family has a savings goal yet."
        }
    }

    /// "Add a quick transaction": records a template for the chosen child (a child: themself;
    /// a parent with one child: that child). `amount` nil uses the template's own amount. The
    /// caller keeps `idempotencyKey` for a retry of the same request.
    public func quickAdd(templateId: UUID, childId: UUID?, amount: Money?, idempotencyKey: String = UUID().uuidString) async -> String {
        await spoken {
            let children = try await targets.children()
            let chosen = childId ?? (children.count == 1 ? children.first?.id : nil)
            guard let chosen else {
                guard !children.isEmpty else { return Self.noChildren }
                return "Which child is it for? Choose one of \(children.map(\.firstName).joined(separator: ", ")) in the shortcut."
            }
            let entry = try await client.useTemplate(
                templateId, UseTemplateDto(childId: chosen, amount: amount), idempotencyKey: idempotencyKey)
            let change = TransactionRow(entry, format: format).amountText
            let balance = format.money(entry.balanceAfter)
            if await client.currentSession()?.user?.childId == chosen {
                return "Done. Recorded \(entry.description): \(change). You now have \(balance)."
            }
            let name = children.first { $0.id == chosen }?.firstName ?? "The balance"
            return "Done. Recorded \(entry.description) for \(name): \(change). \(name) now has \(balance)."
        }
    }

    // MARK: - Choices for shortcuts and widget settings

    public func childChoices() async throws -> [IntentChoice] {
        try await targets.children().map { IntentChoice(id: $0.id, title: $0.firstName, subtitle: format.money($0.currentBalance)) }
    }

    /// Active goals of the child, or of every child for a parent (with the child's name under each).
    public func goalChoices() async throws -> [IntentChoice] {
        var choices: [IntentChoice] = []
        for child in try await targets.children() {
            for goal in try await client.savingsGoals(of: child.id) where goal.status == .active {
                choices.append(IntentChoice(id: goal.id, title: goal.name, subtitle: child.firstName))
            }
        }
        return choices
    }

    public func templateChoices() async throws -> [IntentChoice] {
        try await client.templates().map { template in
            let amount = template.defaultAmount.map(format.money) ?? "Any amount"
            return IntentChoice(id: template.id, title: template.name, subtitle: "\(amount) \(template.type == .credit ? "in" : "out")")
        }
    }

    // MARK: - Steps

    static let noChildren = "There are no children in your family yet."

    private var targets: FamilyTargets { FamilyTargets(client: client) }

    private func spoken(_ answer: () async throws -> String) async -> String {
        do {
            return try await answer()
        } catch APIError.signedOut {
            return Self.signInFirst
        } catch {
            return ScreenProblem(error).message
        }
    }
}

extension VoiceAssistant {
    /// The same, with the amount as Siri hands it over (a currency amount's decimal): one
    /// with more than two decimals is refused in words, never rounded.
    public func quickAdd(templateId: UUID, childId: UUID?, decimalAmount: Decimal?, idempotencyKey: String = UUID().uuidString) async
        -> String
    {
        guard let decimalAmount else {
            return await quickAdd(templateId: templateId, childId: childId, amount: nil, idempotencyKey: idempotencyKey)
        }
        guard let amount = try? Money(exactly: decimalAmount), amount.isPositive else {
            return "That amount can't be recorded: use a positive amount with at most two decimal places."
        }
        return await quickAdd(templateId: templateId, childId: childId, amount: amount, idempotencyKey: idempotencyKey)
    }
}
