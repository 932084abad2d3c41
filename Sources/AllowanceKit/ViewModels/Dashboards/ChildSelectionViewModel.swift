import AllowanceCore
import Foundation
import Observation

/// Which child a parent's tab (transactions, quick actions) is about: the family's children,
/// the first chosen until the parent picks another. A child sees only themself.
@MainActor @Observable
public final class ChildSelectionViewModel {
    public private(set) var children: [ChildResponse] = []
    public var selectedChildId: UUID?
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?

    private let client: APIClient

    public init(client: APIClient, childId: UUID? = nil) {
        self.client = client
        selectedChildId = childId
    }

    public var selectedChild: ChildResponse? { children.first { $0.id == selectedChildId } }
    /// A picker is shown only when there is a choice to make.
    public var showsPicker: Bool { children.count > 1 }
    public var isEmpty: Bool { state == .loaded && children.isEmpty }

    public func load() async {
        if children.isEmpty { state = .loading }
        problem = nil
        do {
            children = try await client.children().sorted {
                $0.firstName.localizedCaseInsensitiveCompare($1.firstName) == .orderedAscending
            }
            if selectedChild == nil { selectedChildId = children.first?.id }
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            if children.isEmpty { state = .failed(ScreenProblem(error).message) }
        }
    }
}
