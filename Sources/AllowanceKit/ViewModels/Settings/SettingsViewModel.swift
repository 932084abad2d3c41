import AllowanceCore
import Foundation
import Observation

/// The settings screen (App Screens 5.1): who is signed in, and signing out.
@MainActor @Observable
public final class SettingsViewModel {
    public private(set) var user: UserResponse?
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?
    public private(set) var isSignedOut = false

    private let client: APIClient
    private let cache: OfflineCache?

    /// `cache` is emptied on sign-out: the next person on this device must not see it.
    public init(client: APIClient, cache: OfflineCache? = nil) {
        self.client = client
        self.cache = cache
    }

    public var userName: String { user.map { "\($0.firstName) \($0.lastName)" } ?? "" }
    public var userEmail: String { user?.email ?? "" }
    /// "KS" for Kai Sample.
    public var userInitials: String { user.map { "\($0.firstName.prefix(1))\($0.lastName.prefix(1))".uppercased() } ?? "" }
    public var familyName: String { user?.familyName ?? "" }
    public var isParent: Bool { user?.role == .parent }

    public func load() async {
        if user == nil { state = .loading }
        do {
            user = try await client.me()
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            if ScreenProblem.isUnreachable(error), let saved = await client.currentSession()?.user {
                user = saved
                state = .loaded
            } else if user == nil {
                state = .failed(ScreenProblem(error).message)
            }
        }
    }

    /// Always signs out on this device; when the server cannot be told, says so.
    public func signOut() async {
        problem = nil
        do {
            try await client.logout()
        } catch {
            problem = ScreenProblem(
                "Signed out on this device. The server could not be reached, so the session there ends when it expires.")
        }
        cache?.clear()
        user = nil
        isSignedOut = true
    }
}
