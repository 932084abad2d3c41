import AllowanceKit
import SwiftUI

/// Quick add: one tap records a template's transaction for the child.
struct TemplatesView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: TemplatesViewModel

    init(viewModel: TemplatesViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        List {
            Section {
                CurrencyTextField(value: $viewModel.amountOverride, placeholder: "Other amount (optional)", icon: "pencil")
                if let recorded = viewModel.lastRecorded {
                    Label(recorded, systemImage: "checkmark.circle.fill")
                        .foregroundStyle(AppColors.success)
                        .accessibilityIdentifier("LastRecorded")
                }
                if let message = viewModel.problem?.message {
                    Text(message).foregroundStyle(AppColors.error)
                }
            }
            Section("Templates") {
                if let message = viewModel.state.failureMessage {
                    FailureView(title: "Could Not Load Templates", message: message) { await viewModel.load() }
                }
                ForEach(viewModel.templates, id: \.id) { template in
                    Button {
                        Task {
                            await viewModel.use(template)
                            if viewModel.problem == nil { app.widgets.moneyMoved(.transaction) }
                        }
                    } label: {
                        HStack(spacing: Spacing.medium) {
                            Image(systemName: template.iconName)
                                .frame(width: 28)
                                .foregroundStyle(AppColors.money(isCredit: template.type == .credit))
                            Text(template.name).font(AppTypography.body)
                            Spacer()
                            Text(viewModel.amountText(template)).font(AppTypography.headline)
                        }
                        .frame(minHeight: Spacing.minimumTouchTarget)
                    }
                    .disabled(viewModel.isWorking)
                    .accessibilityLabel("\(template.name), \(viewModel.amountText(template))")
                    .accessibilityHint(template.type == .credit ? "Records money in" : "Records money out")
                    .accessibilityIdentifier("Template-\(template.name)")
                }
            }
        }
        .navigationTitle("Quick Add")
        .refreshable { await viewModel.load() }
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
    }
}
