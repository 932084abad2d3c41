import AllowanceAPI
import Foundation

/// Accounts and the session: `/api/v1/auth/...`.
extension APIClient {
    /// Signs in and keeps the session. A wrong password is an `APIError.server` with the server's message.
    @discardableResult
    public func login(email: String, password: String, rememberMe: Bool = false) async throws -> AuthResponse {
        let request = try APIRequest(
            .post, "/api/v1/auth/login", json: LoginRequest(email: email, password: password, rememberMe: rememberMe),
            authenticated: false)
        return try await keep(call(request))
    }

    /// Registers a parent and a new family, and signs in as that parent.
    @discardableResult
    public func registerParent(_ input: RegisterParentRequest) async throws -> AuthResponse {
        try await keep(call(APIRequest(.post, "/api/v1/auth/register/parent", json: input, authenticated: false)))
    }

    /// A parent adds a child with their own login and money account.
    public func registerChild(_ input: RegisterChildRequest) async throws -> ChildResponse {
        try await call(APIRequest(.post, "/api/v1/auth/register/child", json: input))
    }

    /// Exchanges the live token for a new one now (the client also does this by itself before expiry).
    @discardableResult
    public func refresh() async throws -> AuthResponse {
        try await keep(call(APIRequest(.post, "/api/v1/auth/refresh")))
    }

    public func me() async throws -> UserResponse {
        try await call(APIRequest(.get, "/api/v1/auth/me"))
    }

    public func updateProfile(_ input: UpdateProfileRequest) async throws -> UserResponse {
        try await call(APIRequest(.put, "/api/v1/auth/me", json: input))
    }

    /// Other devices are signed out; this one stays signed in.
    public func changePassword(current: String, new: String) async throws -> MessageResponse {
        try await call(
            APIRequest(.post, "/api/v1/auth/change-password", json: ChangePasswordRequest(currentPassword: current, newPassword: new)))
    }

    /// Ends the session on the server and forgets it here. It is forgotten here even when the
    /// server cannot be reached (that error is still thrown, so the caller can say so).
    public func logout() async throws {
        defer { endSession() }
        do {
            let _: MessageResponse = try await call(APIRequest(.post, "/api/v1/auth/logout"))
        } catch APIError.signedOut {
            // Already over on the server: nothing more to end.
        }
    }

    private func keep(_ auth: AuthResponse) throws -> AuthResponse {
        _ = try begin(StoredSession(server: server, auth: auth))
        return auth
    }
}
