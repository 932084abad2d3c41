import AllowanceCore
import Foundation
import Observation

/// A child's badges: those earned, and the way to the others.
@MainActor @Observable
public final class BadgesViewModel {
    public let childId: UUID
    public private(set) var badges: [BadgeDto] = []
    public private(set) var state = ScreenState.idle

    private let client: APIClient

    public init(childId: UUID, client: APIClient) {
        self.childId = childId
        self.client = client
    }

    public var earned: [BadgeDto] { badges.filter(\.earned) }
    /// Closest to earning first.
    public var toEarn: [BadgeDto] { badges.filter { !$0.earned }.sorted { $0.progress > $1.progress } }

    /// "60%".
    public func progressText(_ badge: BadgeDto) -> String {
        "\(Int((badge.progress * 100).rounded(.down)))%"
    }

    public func load() async {
        if badges.isEmpty { state = .loading }
        do {
            badges = try await client.badges(of: childId)
            state = .loaded
        } catch {
            if badges.isEmpty { state = .failed(ScreenProblem(error).message) }
        }
    }
}
