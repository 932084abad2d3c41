import AllowanceCore
import Foundation
import Observation

/// The parent's home (App Screens 2.1-2.3): the family overview and a card per child.
@MainActor @Observable
public final class ParentDashboardViewModel {
    public private(set) var state = ScreenState.idle
    public private(set) var dashboard: ParentDashboardResponse?
    public private(set) var isRefreshing = false
    public private(set) var problem: ScreenProblem?

    private let client: APIClient
    private let format: DisplayFormat

    public init(client: APIClient, format: DisplayFormat = DisplayFormat()) {
        self.client = client
        self.format = format
    }

    public var familyName: String { dashboard?.familyName ?? "" }
    public var children: [ChildDashboardResponse] { dashboard?.children ?? [] }
    /// A family without children yet: the screen invites adding one.
    public var isEmpty: Bool { state == .loaded && children.isEmpty }
    public var totalBalanceText: String { format.money(dashboard?.totalBalance ?? .zero) }
    public var totalWeeklyAllowanceText: String { format.money(dashboard?.totalWeeklyAllowance ?? .zero) }

    /// A child's card: name, balance, allowance.
    public func card(_ child: ChildDashboardResponse) -> ChildCard {
        ChildCard(
            childId: child.childId, name: child.firstName, balanceText: format.money(child.currentBalance),
            allowanceText: "\(format.money(child.weeklyAllowance))/week")
    }

    public func load() async {
        // A refresh keeps showing the last content; a first load shows the spinner.
        if dashboard == nil { state = .loading }
        problem = nil
        do {
            dashboard = try await client.parentDashboard()
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            if dashboard == nil { state = .failed(ScreenProblem(error).message) }
        }
    }

    public func refresh() async {
        isRefreshing = true
        defer { isRefreshing = false }
        await load()
    }
}

/// What a child's card on the parent dashboard reads.
public struct ChildCard: Equatable, Sendable {
    public let childId: UUID
    public let name: String
    public let balanceText: String
    public let allowanceText: String
}
