import AllowanceKit
import SwiftUI

/// App Screens 4.1: a child's ledger, newest first, with the server's search and type filter
/// and "load more" at the end of the list.
struct TransactionListView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: TransactionListViewModel

    init(viewModel: TransactionListViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        VStack(spacing: 0) {
            Picker("Filter", selection: filter) {
                ForEach(TransactionFilter.allCases, id: \.self) { filter in
                    Text(filter.rawValue).tag(filter)
                }
            }
            .pickerStyle(.segmented)
            .padding(.horizontal, Spacing.medium)
            .padding(.vertical, Spacing.small)
            .accessibilityIdentifier("TransactionFilter")

            content
        }
        .navigationTitle("Transactions")
        .searchable(text: $viewModel.searchText, prompt: "Search transactions")
        .onSubmit(of: .search) { Task { await viewModel.load() } }
        .onChange(of: viewModel.searchText) { _, text in
            if text.isEmpty { Task { await viewModel.search("") } }
        }
        .refreshable { await viewModel.refresh() }
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
    }

    /// The filter asks the server again when changed.
    private var filter: Binding<TransactionFilter> {
        Binding(get: { viewModel.filter }, set: { filter in Task { await viewModel.select(filter) } })
    }

    @ViewBuilder
    private var content: some View {
        switch viewModel.state {
        case .idle, .loading:
            LoadingView(title: "Loading transactions...")
            Spacer()
        case .failed(let message):
            FailureView(title: "Error", message: message) { await viewModel.load() }
            Spacer()
        case .loaded, .stale:
            if viewModel.isEmpty {
                ContentUnavailableView("No Transactions", systemImage: "list.bullet.rectangle", description: Text("Nothing matches yet."))
            } else {
                list
            }
        }
    }

    private var list: some View {
        List {
            if case .stale(let savedAt) = viewModel.state {
                StaleBanner(savedAt: savedAt)
            }
            ForEach(viewModel.transactions, id: \.id) { transaction in
                NavigationLink {
                    TransactionDetailView(
                        viewModel: TransactionDetailViewModel(
                            transactionId: transaction.id, transaction: transaction, client: app.client, format: app.format))
                } label: {
                    TransactionRowView(row: viewModel.row(transaction))
                }
                .accessibilityIdentifier("TransactionRow")
                .onAppear {
                    if transaction.id == viewModel.transactions.last?.id { Task { await viewModel.loadMore() } }
                }
            }
            if viewModel.isLoadingMore {
                ProgressView("Loading more...")
                    .frame(maxWidth: .infinity)
            } else if viewModel.hasMore {
                Button("Load More") { Task { await viewModel.loadMore() } }
                    .frame(maxWidth: .infinity, minHeight: Spacing.minimumTouchTarget)
                    .accessibilityIdentifier("LoadMoreButton")
            }
            if let message = viewModel.problem?.message, viewModel.state == .loaded {
                Text(message)
                    .font(AppTypography.caption)
                    .foregroundStyle(AppColors.error)
            }
        }
        .listStyle(.plain)
    }
}
