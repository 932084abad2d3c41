import AllowanceKit
import SwiftUI

/// Quick Actions' recurring transactions: schedules (pause, resume, run now, edit, delete)
/// and, for the family, occurrences waiting for a parent's approval.
struct RecurringTransactionsView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: RecurringListViewModel
    @State private var showingCreate = false
    @State private var editing: RecurringTransactionDto?

    init(viewModel: RecurringListViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        List {
            if let message = viewModel.problem?.message {
                ErrorBanner(message: message) { Task { await viewModel.load() } }
            }
            if !viewModel.waiting.isEmpty {
                Section("Waiting for Approval") {
                    ForEach(viewModel.waiting, id: \.id) { occurrence in
                        PendingApprovalRow(row: viewModel.pendingRow(occurrence)) {
                            Task {
                                await viewModel.approve(occurrence.id)
                                app.widgets.moneyMoved(.transaction)
                            }
                        } onReject: {
                            Task { await viewModel.reject(occurrence.id) }
                        }
                    }
                }
            }
            Section("Schedules") {
                if viewModel.isEmpty {
                    ContentUnavailableView(
                        "No Recurring Transactions", systemImage: "arrow.clockwise",
                        description: Text("Set up automatic transactions for subscriptions and regular expenses."))
                }
                ForEach(viewModel.schedules, id: \.id) { schedule in
                    RecurringTransactionRow(row: viewModel.row(schedule))
                        .swipeActions(edge: .trailing) {
                            Button("Delete", role: .destructive) { Task { await viewModel.delete(schedule.id) } }
                            if schedule.isPaused {
                                Button("Resume") { Task { await viewModel.resume(schedule.id) } }.tint(AppColors.success)
                            } else {
                                Button("Pause") { Task { await viewModel.pause(schedule.id) } }.tint(AppColors.warning)
                            }
                        }
                        .swipeActions(edge: .leading) {
                            Button("Run Now") {
                                Task {
                                    await viewModel.executeNow(schedule.id)
                                    app.widgets.moneyMoved(.transaction)
                                }
                            }
                            .tint(AppColors.primary)
                            Button("Edit") { editing = schedule }
                        }
                        .accessibilityAction(named: Text(schedule.isPaused ? "Resume" : "Pause")) {
                            Task {
                                if schedule.isPaused {
                                    await viewModel.resume(schedule.id)
                                } else {
                                    await viewModel.pause(schedule.id)
                                }
                            }
                        }
                        .accessibilityAction(named: "Run Now") { Task { await viewModel.executeNow(schedule.id) } }
                        .accessibilityAction(named: "Edit") { editing = schedule }
                }
            }
        }
        .navigationTitle("Recurring")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button {
                    showingCreate = true
                } label: {
                    Image(systemName: "plus")
                }
                .accessibilityLabel("New Recurring Transaction")
                .accessibilityIdentifier("NewRecurringButton")
            }
        }
        .sheet(isPresented: $showingCreate, onDismiss: { Task { await viewModel.load() } }) {
            CreateRecurringView(viewModel: RecurringEditorViewModel(client: app.client, childId: viewModel.childId))
        }
        .sheet(item: editingBinding, onDismiss: { Task { await viewModel.load() } }) { item in
            CreateRecurringView(viewModel: RecurringEditorViewModel(client: app.client, existing: item.schedule))
        }
        .refreshable { await viewModel.load() }
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
    }

    /// `sheet(item:)` needs an Identifiable: the schedule being edited, wrapped.
    private var editingBinding: Binding<EditedSchedule?> {
        Binding(get: { editing.map(EditedSchedule.init) }, set: { editing = $0?.schedule })
    }
}

/// A schedule opened in the editor.
struct EditedSchedule: Identifiable {
    let schedule: RecurringTransactionDto
    var id: UUID { schedule.id }
}
