import AllowanceCore
import Foundation
import Observation

/// Quick add: one tap records a template's transaction for a child, at its default amount
/// or one typed over it.
@MainActor @Observable
public final class TemplatesViewModel {
    public var childId: UUID
    /// Typed over a template's default amount; empty to use the default.
    public var amountOverride = ""
    public private(set) var templates: [TransactionTemplateDto] = []
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?
    /// "Recorded Ice cream: -$3.00".
    public private(set) var lastRecorded: String?
    public private(set) var isWorking = false

    private let client: APIClient
    private let format: DisplayFormat
    private var attempt = AttemptKey()

    public init(childId: UUID, client: APIClient, format: DisplayFormat = DisplayFormat()) {
        self.childId = childId
        self.client = client
        self.format = format
    }

    /// "$3.00", or "Any amount" for a template without one.
    public func amountText(_ template: TransactionTemplateDto) -> String {
        template.defaultAmount.map(format.money) ?? "Any amount"
    }

    public func load() async {
        state = .loading
        do {
            templates = try await client.templates()
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            state = .failed(ScreenProblem(error).message)
        }
    }

    public func use(_ template: TransactionTemplateDto) async {
        let typed = amountOverride.trimmed
        if !typed.isEmpty, let message = MoneyField.positiveAmountProblem(typed) {
            problem = ScreenProblem(message)
            return
        }
        if typed.isEmpty && template.defaultAmount == nil {
            problem = ScreenProblem("Amount is required")
            return
        }
        let amount = typed.isEmpty ? nil : MoneyField.parse(typed)
        isWorking = true
        defer { isWorking = false }
        problem = nil
        let key = attempt.key(for: "\(template.id) \(childId) \(amount?.cents ?? -1)")
        do {
            let entry = try await client.useTemplate(template.id, UseTemplateDto(childId: childId, amount: amount), idempotencyKey: key)
            attempt.settle(nil)
            amountOverride = ""
            lastRecorded = "Recorded \(entry.description): \(TransactionRow(entry, format: format).amountText)"
        } catch {
            attempt.settle(error)
            problem = ScreenProblem(error)
        }
    }
}
