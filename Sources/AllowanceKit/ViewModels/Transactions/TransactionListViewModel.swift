import AllowanceCore
import Foundation
import Observation

/// A child's ledger (App Screens 4.1): pages of 20, newest first; search and the type filter
/// are asked of the server, so they cover the whole ledger and not just the rows loaded.
/// With an `OfflineCache`, the first unfiltered page is kept and shown stale when offline.
@MainActor @Observable
public final class TransactionListViewModel {
    public let childId: UUID
    public var searchText = ""
    public var filter = TransactionFilter.all
    public private(set) var transactions: [TransactionResponse] = []
    public private(set) var state = ScreenState.idle
    public private(set) var hasMore = false
    public private(set) var isLoadingMore = false
    public private(set) var isRefreshing = false
    public private(set) var problem: ScreenProblem?

    public let pageSize: Int
    private let client: APIClient
    private let cache: OfflineCache?
    private let format: DisplayFormat
    private let now: () -> Date

    public init(
        childId: UUID, client: APIClient, cache: OfflineCache? = nil, pageSize: Int = 20, format: DisplayFormat = DisplayFormat(),
        now: @escaping () -> Date = Date.init
    ) {
        self.childId = childId
        self.client = client
        self.cache = cache
        self.pageSize = pageSize
        self.format = format
        self.now = now
    }

    /// Nothing matched (or nothing recorded yet).
    public var isEmpty: Bool { state == .loaded && transactions.isEmpty }

    /// A row: description, signed amount, date.
    public func row(_ transaction: TransactionResponse) -> TransactionRow {
        TransactionRow(transaction, format: format)
    }

    /// The first page for the current search and filter.
    public func load() async {
        state = .loading
        problem = nil
        do {
            let page = try await client.transactions(of: childId, query(offset: 0))
            transactions = page.transactions
            hasMore = page.hasMore
            state = .loaded
            if isUnfiltered {
                let savedAt = now()
                cache?.update(childId) { $0.ledgerPage = .init(value: page.transactions, savedAt: savedAt) }
            }
        } catch {
            problem = ScreenProblem(error)
            if ScreenProblem.isUnreachable(error), isUnfiltered, let saved = cache?.snapshot(of: childId).ledgerPage {
                transactions = saved.value
                hasMore = false
                state = .stale(savedAt: saved.savedAt)
            } else {
                state = .failed(ScreenProblem(error).message)
            }
        }
    }

    /// The next page, appended; a failure keeps the rows and says so.
    public func loadMore() async {
        guard hasMore, !isLoadingMore, state == .loaded else { return }
        isLoadingMore = true
        defer { isLoadingMore = false }
        do {
            let page = try await client.transactions(of: childId, query(offset: transactions.count))
            transactions += page.transactions
            hasMore = page.hasMore
            problem = nil
        } catch {
            problem = ScreenProblem(error)
        }
    }

    /// Pull to refresh.
    public func refresh() async {
        isRefreshing = true
        defer { isRefreshing = false }
        await load()
    }

    public func search(_ text: String) async {
        searchText = text
        await load()
    }

    public func select(_ filter: TransactionFilter) async {
        self.filter = filter
        await load()
    }

    private var isUnfiltered: Bool { filter == .all && searchText.trimmed.isEmpty }

    private func query(offset: Int) -> TransactionQuery {
        let search = searchText.trimmed
        return TransactionQuery(limit: pageSize, offset: offset, type: filter.transactionType, search: search.isEmpty ? nil : search)
    }
}
