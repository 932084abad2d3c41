import AllowanceKit
import SwiftUI

/// A parent's routine money: quick-add templates for the chosen child, and the family's
/// recurring transactions with approvals.
struct QuickActionsTab: View {
    @Environment(AppModel.self) private var app
    @State private var picker: ChildSelectionViewModel?

    var body: some View {
        NavigationStack {
            List {
                Section("Quick Add") {
                    NavigationLink("Templates") {
                        if let picker {
                            ChildPickerContainer(picker: picker) { childId in
                                TemplatesView(viewModel: TemplatesViewModel(childId: childId, client: app.client, format: app.format)).id(
                                    childId)
                            }
                        }
                    }
                    .accessibilityIdentifier("TemplatesLink")
                }
                Section("Automatic") {
                    NavigationLink("Recurring Transactions") {
                        RecurringTransactionsView(viewModel: RecurringListViewModel(client: app.client))
                    }
                    .accessibilityIdentifier("RecurringLink")
                }
            }
            .navigationTitle("Quick Actions")
            .withAppRoutes()
        }
        .task {
            if picker == nil { picker = ChildSelectionViewModel(client: app.client) }
        }
    }
}
