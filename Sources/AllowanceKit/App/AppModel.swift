import AllowanceAPI
import Foundation
import Observation

/// The app's root: signed in or not, as whom, which tab, and the navigation stack deep
/// links open on. SwiftUI's `App` only shows what this says.
@MainActor @Observable
public final class AppModel {
    public enum Phase: Equatable, Sendable {
        /// Looking for a stored session.
        case starting
        case signedOut
        case signedIn
    }

    public let client: APIClient
    public let coordinator: NavigationCoordinator
    public let cache: OfflineCache?
    public let widgets: WidgetRefresher
    public private(set) var phase = Phase.starting
    public private(set) var user: UserResponse?
    public var selectedTab = AppTab.dashboard
    /// How money and dates read on every screen: the person's locale, the family's time zone
    /// (once `loadFamily()` has read it), so paydays and "today" read as they do at home.
    public private(set) var format = DisplayFormat()

    public init(client: APIClient, cache: OfflineCache? = nil, widgets: WidgetRefresher = WidgetRefresher()) {
        self.client = client
        self.cache = cache
        self.widgets = widgets
        coordinator = NavigationCoordinator()
    }

    public var isParent: Bool { user?.role == .parent }
    /// The signed-in child's own id (nil for a parent).
    public var childId: UUID? { user?.childId }
    public var tabs: [AppTab] { AppTab.tabs(for: user?.role) }

    /// On launch: a stored session signs in without asking. Who it is, is read again from the
    /// server when it answers; offline, the stored copy is used; a refused session signs out.
    public func start() async {
        await client.observeSession { [weak self] session in
            guard session == nil else { return }
            Task { @MainActor in self?.sessionEnded() }
        }
        guard let session = await client.currentSession() else {
            phase = .signedOut
            return
        }
        do {
            enter(try await client.me())
        } catch APIError.signedOut {
            sessionEnded()
        } catch {
            guard let stored = session.user else {
                sessionEnded()
                return
            }
            enter(stored)
        }
    }

    /// After the login or sign-up screen succeeded.
    public func signedIn(_ auth: AuthResponse) {
        enter(
            UserResponse(
                userId: auth.userId, email: auth.email, firstName: auth.firstName, lastName: auth.lastName, role: auth.role,
                familyId: auth.familyId, familyName: auth.familyName, childId: auth.childId))
    }

    /// After Settings signed out, or when the server ended the session.
    public func sessionEnded() {
        guard phase != .signedOut else { return }
        user = nil
        phase = .signedOut
        selectedTab = .dashboard
        coordinator.signedOut()
        widgets.sessionChanged()
    }

    /// Reads the family's time zone into `format`. Offline, the device's zone stays.
    public func loadFamily() async {
        guard phase == .signedIn, let family = try? await client.family(), let zone = TimeZone(identifier: family.timeZone) else { return }
        format = DisplayFormat(timeZone: zone)
    }

    /// A screen's problem that means the session is over returns to sign-in.
    public func handle(_ problem: ScreenProblem?) {
        if problem?.needsSignIn == true { sessionEnded() }
    }

    /// `allowancetracker://...`: the dashboard tab shows the screen the link names (after
    /// sign-in, if signed out). False for a link that names no screen.
    @discardableResult
    public func open(_ url: URL) -> Bool {
        guard coordinator.handleDeepLink(url) else { return false }
        selectedTab = .dashboard
        return true
    }

    private func enter(_ user: UserResponse) {
        self.user = user
        phase = .signedIn
        if !tabs.contains(selectedTab) { selectedTab = .dashboard }
        coordinator.signedIn()
        widgets.sessionChanged()
    }
}
