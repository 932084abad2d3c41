import AllowanceKit
import AppIntents
import WidgetKit

/// "Add a quick transaction": records a template for a child and says what happened. The
/// amount is optional (the template's own otherwise) and never rounded.
struct QuickTransactionIntent: AppIntent {
    static let title: LocalizedStringResource = "Add Quick Transaction"
    static let description = IntentDescription("Records a quick-add template, such as Lunch or Chore Bonus.")
    static let openAppWhenRun = false

    @Parameter(title: "Template")
    var template: TemplateEntity

    @Parameter(title: "Child")
    var child: ChildEntity?

    @Parameter(title: "Amount")
    var amount: IntentCurrencyAmount?

    static var parameterSummary: some ParameterSummary {
        Summary("Add \(\.$template) for \(\.$child)") {
            \.$amount
        }
    }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let answer = await VoiceAssistant(client: SharedSession.client())
            .quickAdd(templateId: template.id, childId: child?.id, decimalAmount: amount?.amount)
        WidgetRefresher { kind in WidgetCenter.shared.reloadTimelines(ofKind: kind.rawValue) }.moneyMoved(.transaction)
        return .result(dialog: "\(answer)")
    }
}

/// The quick-actions widget's buttons: one tap records the template for the widget's child.
struct QuickAddIntent: AppIntent {
    static let title: LocalizedStringResource = "Quick Add Transaction"
    static let isDiscoverable = false

    @Parameter(title: "Template")
    var templateId: String

    @Parameter(title: "Child")
    var childId: String

    init() {}

    init(templateId: UUID, childId: UUID) {
        self.templateId = templateId.uuidString
        self.childId = childId.uuidString
    }

    func perform() async throws -> some IntentResult {
        guard let template = UUID(uuidString: templateId) else { return .result() }
        _ = await VoiceAssistant(client: SharedSession.client()).quickAdd(
            templateId: template, childId: UUID(uuidString: childId), amount: nil)
        WidgetRefresher { kind in WidgetCenter.shared.reloadTimelines(ofKind: kind.rawValue) }.moneyMoved(.transaction)
        return .result()
    }
}
