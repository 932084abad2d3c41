import AllowanceCore
import Foundation
import Observation

/// One ledger entry (App Screens 4.3), opened from a list or from a deep link by its id.
@MainActor @Observable
public final class TransactionDetailViewModel {
    public let transactionId: UUID
    public private(set) var transaction: TransactionResponse?
    public private(set) var state = ScreenState.idle

    private let client: APIClient
    private let format: DisplayFormat

    /// `transaction`, when the list already has it, is shown at once.
    public init(transactionId: UUID, transaction: TransactionResponse? = nil, client: APIClient, format: DisplayFormat = DisplayFormat()) {
        self.transactionId = transactionId
        self.transaction = transaction
        self.client = client
        self.format = format
        if transaction != nil { state = .loaded }
    }

    public var row: TransactionRow? { transaction.map { TransactionRow($0, format: format) } }

    public func load() async {
        if transaction == nil { state = .loading }
        do {
            transaction = try await client.transaction(transactionId)
            state = .loaded
        } catch {
            if transaction == nil { state = .failed(ScreenProblem(error).message) }
        }
    }
}
