import AllowanceKit
import SwiftUI

/// Making or changing a recurring transaction: what, how much, how often, from when.
struct CreateRecurringView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.dismiss) private var dismiss
    @State private var viewModel: RecurringEditorViewModel
    @State private var children: ChildSelectionViewModel?

    init(viewModel: RecurringEditorViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        NavigationStack {
            Form {
                if viewModel.recurringId == nil, let children, children.showsPicker {
                    Picker("Child", selection: $viewModel.childId) {
                        ForEach(children.children, id: \.id) { child in
                            Text(child.firstName).tag(Optional(child.id))
                        }
                    }
                }
                Section("What") {
                    TextField("Name", text: $viewModel.name)
                    CurrencyTextField(value: $viewModel.amount, placeholder: "Amount", icon: "dollarsign.circle.fill")
                    if viewModel.recurringId == nil {
                        Picker("Type", selection: $viewModel.type) {
                            Text("Money In").tag(TransactionType.credit)
                            Text("Money Out").tag(TransactionType.debit)
                        }
                        .pickerStyle(.segmented)
                    }
                }
                Section("When") {
                    Picker("Repeats", selection: $viewModel.pattern) {
                        ForEach(RecurrencePattern.allCases, id: \.self) { pattern in
                            Text(pattern.name).tag(pattern)
                        }
                    }
                    if viewModel.pattern == .weekly || viewModel.pattern == .biWeekly {
                        Picker("Day", selection: $viewModel.dayOfWeek) {
                            ForEach(Weekday.allCases, id: \.self) { day in
                                Text(day.name).tag(day.rawValue)
                            }
                        }
                    }
                    if viewModel.pattern == .monthly {
                        Stepper("Day \(viewModel.dayOfMonth) of the month", value: $viewModel.dayOfMonth, in: 1...31)
                    }
                    if viewModel.recurringId == nil {
                        DatePicker("Starts", selection: $viewModel.startDate)
                    }
                    Toggle("Ask a parent before posting", isOn: $viewModel.requiresApproval)
                }
                if let message = viewModel.problem?.message {
                    Section { Text(message).foregroundStyle(AppColors.error) }
                }
            }
            .navigationTitle(viewModel.recurringId == nil ? "New Recurring" : "Edit Recurring")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") { Task { await viewModel.save() } }
                        .disabled(viewModel.isSaving)
                        .accessibilityIdentifier("SaveRecurringButton")
                }
            }
        }
        .task {
            if children == nil && app.isParent {
                let picker = ChildSelectionViewModel(client: app.client, childId: viewModel.childId)
                children = picker
                await picker.load()
                if viewModel.childId == nil { viewModel.childId = picker.selectedChildId }
            }
        }
        .onChange(of: viewModel.isSaved) { _, isSaved in
            if isSaved { dismiss() }
        }
    }
}
