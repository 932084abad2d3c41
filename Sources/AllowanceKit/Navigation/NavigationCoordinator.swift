import Foundation
import Observation

/// The navigation stack as values, so SwiftUI's `NavigationStack(path:)` binds to it and tests
/// drive it without a screen. A deep link opened while signed out waits until sign-in.
@MainActor
@Observable
public final class NavigationCoordinator {
    public var path: [Route] = []
    public private(set) var isAuthenticated = false
    /// A link that arrived before sign-in; opened by `signedIn()`.
    public private(set) var pendingRoute: Route?

    public init(isAuthenticated: Bool = false) {
        self.isAuthenticated = isAuthenticated
    }

    public func navigate(to route: Route) { path.append(route) }

    public func navigateBack() {
        if !path.isEmpty { path.removeLast() }
    }

    public func navigateToRoot() { path = [] }

    /// Opens the screen a link names, on top of the root. Answers false for a link that names no screen.
    @discardableResult
    public func handleDeepLink(_ url: URL) -> Bool {
        guard let route = Route(deepLink: url) else { return false }
        if isAuthenticated {
            path = [route]
        } else {
            pendingRoute = route
        }
        return true
    }

    public func signedIn() {
        isAuthenticated = true
        if let pendingRoute {
            path = [pendingRoute]
            self.pendingRoute = nil
        }
    }

    /// Signing out (or a session that ended) returns to the root: no screen of the old session stays.
    public func signedOut() {
        isAuthenticated = false
        path = []
        pendingRoute = nil
    }
}
