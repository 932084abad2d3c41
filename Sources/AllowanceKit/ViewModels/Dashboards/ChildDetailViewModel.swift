import AllowanceCore
import Foundation
import Observation

/// A parent's screen for one child (opened from a child card or `allowancetracker://child/<id>`):
/// balance, allowance and payday, and the way to the child's ledger, goals, learning and quick add.
@MainActor @Observable
public final class ChildDetailViewModel {
    public let childId: UUID
    public private(set) var child: ChildResponse?
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?

    private let client: APIClient
    private let format: DisplayFormat
    private let now: () -> Date

    public init(childId: UUID, client: APIClient, format: DisplayFormat = DisplayFormat(), now: @escaping () -> Date = Date.init) {
        self.childId = childId
        self.client = client
        self.format = format
        self.now = now
    }

    /// "Kai Demo": the screen's title.
    public var title: String { child?.fullName ?? "" }
    public var balanceText: String { format.money(child?.currentBalance ?? .zero) }
    /// "$10.00 every Saturday", or "Paused" while the allowance is paused.
    public var allowanceText: String {
        guard let child else { return "" }
        return child.allowancePaused ? "Paused" : "\(format.money(child.weeklyAllowance)) every \(child.allowanceDayName)"
    }
    /// "Next allowance: Saturday"; nil while the allowance is paused or there is none.
    public var nextPaydayText: String? {
        child?.nextAllowanceDate.map { format.nextAllowance($0, from: now()) }
    }
    public var accessibilitySummary: String {
        guard let child else { return "" }
        return "\(child.fullName), balance \(balanceText), weekly allowance \(allowanceText)"
    }

    public func load() async {
        if child == nil { state = .loading }
        problem = nil
        do {
            child = try await client.child(childId)
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            if child == nil { state = .failed(ScreenProblem(error).message) }
        }
    }
}
