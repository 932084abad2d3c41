import AllowanceKit
import SwiftUI

/// App Screens 2.1: the family overview and a card per child; add a child, add a transaction.
struct ParentDashboardView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: ParentDashboardViewModel
    @State private var showingAddChild = false
    @State private var showingCreateTransaction = false

    init(viewModel: ParentDashboardViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        ScrollView {
            VStack(spacing: Spacing.large) {
                switch viewModel.state {
                case .idle, .loading:
                    LoadingView(title: "Loading dashboard...")
                case .failed(let message):
                    FailureView(title: "Error Loading Dashboard", message: message) { await viewModel.load() }
                case .loaded, .stale:
                    if viewModel.isEmpty { emptyView } else { loadedView }
                }
            }
            .padding(Spacing.medium)
        }
        .navigationTitle("Dashboard")
        .toolbar {
            ToolbarItemGroup(placement: .primaryAction) {
                Button {
                    showingCreateTransaction = true
                } label: {
                    Image(systemName: "plus.circle")
                }
                .accessibilityLabel("Add Transaction")
                .accessibilityIdentifier("AddTransactionButton")
                Button {
                    showingAddChild = true
                } label: {
                    Image(systemName: "person.badge.plus")
                }
                .accessibilityLabel("Add Child")
                .accessibilityIdentifier("AddChildButton")
            }
        }
        .refreshable { await viewModel.refresh() }
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
        .sheet(isPresented: $showingAddChild) {
            RegisterChildView(viewModel: RegisterChildViewModel(client: app.client)) {
                Task { await viewModel.refresh() }
            }
        }
        .sheet(isPresented: $showingCreateTransaction) {
            CreateTransactionView(viewModel: CreateTransactionViewModel(client: app.client, format: app.format)) {
                Task { await viewModel.refresh() }
            }
        }
    }

    private var loadedView: some View {
        VStack(spacing: Spacing.large) {
            FamilyOverviewCard(viewModel: viewModel)
            VStack(alignment: .leading, spacing: Spacing.medium) {
                Text("Children")
                    .font(AppTypography.title3)
                    .accessibilityAddTraits(.isHeader)
                LazyVStack(spacing: Spacing.medium) {
                    ForEach(viewModel.children, id: \.childId) { child in
                        NavigationLink(value: Route.childDetail(childId: child.childId)) {
                            ChildCardView(card: viewModel.card(child), recentText: viewModel.recentActivityText(child))
                        }
                        .buttonStyle(.plain)
                    }
                }
            }
        }
    }

    private var emptyView: some View {
        VStack(spacing: Spacing.medium) {
            ContentUnavailableView(
                "No Children Yet", systemImage: "person.3.fill", description: Text("Get started by adding your first child to the family"))
            PrimaryButton(title: "Add Child") { showingAddChild = true }
                .padding(.horizontal, Spacing.xxLarge)
        }
    }
}
