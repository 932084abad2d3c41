import AllowanceAPI
import Vapor

enum AuthController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .POST, "/api/v1/auth/register/parent", "Register a parent and a new family", access: .anyone,
                request: RegisterParentRequest.self, response: AuthResponse.self, status: 201, refusals: [.conflict, .tooManyRequests],
                use: registerParent),
            .init(
                .POST, "/api/v1/auth/register/child", "Add a child login and money account", access: .parent,
                request: RegisterChildRequest.self, response: ChildResponse.self, status: 201, refusals: [.conflict], use: registerChild),
            .init(
                .POST, "/api/v1/auth/login", "Sign in (rememberMe gives a 30-day token)", access: .anyone, request: LoginRequest.self,
                response: AuthResponse.self, refusals: [.unauthorized, .tooManyRequests], use: login),
            .init(
                .POST, "/api/v1/auth/refresh", "Exchange a live token for a new one", access: .signedIn, response: AuthResponse.self,
                use: refresh),
            .init(.GET, "/api/v1/auth/me", "The signed-in user", access: .signedIn, response: UserResponse.self, use: me),
            .init(
                .PUT, "/api/v1/auth/me", "Update name or email", access: .signedIn, request: UpdateProfileRequest.self,
                response: UserResponse.self, refusals: [.conflict], use: updateProfile),
            .init(
                .POST, "/api/v1/auth/change-password", "Change password; other devices are signed out", access: .signedIn,
                request: ChangePasswordRequest.self, response: MessageResponse.self, refusals: [.unprocessableEntity, .tooManyRequests],
                use: changePassword),
            .init(.POST, "/api/v1/auth/logout", "End this token's session", access: .signedIn, response: MessageResponse.self, use: logout),
        ]
    }

    @Sendable static func registerParent(req: Request) async throws -> Response {
        let input = try req.decodeJSON(RegisterParentRequest.self)
        return try await AccountService.registerParent(input, from: req.clientAddress, in: req.context).encodeResponse(
            status: .created, for: req)
    }

    @Sendable static func registerChild(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let input = try req.decodeJSON(RegisterChildRequest.self)
        return try await AccountService.registerChild(input, by: parent, in: req.context).encodeResponse(status: .created, for: req)
    }

    @Sendable static func login(req: Request) async throws -> AuthResponse {
        try await AccountService.login(try req.decodeJSON(LoginRequest.self), in: req.context)
    }

    @Sendable static func refresh(req: Request) async throws -> AuthResponse {
        try await AccountService.refresh(try req.requireUser(), in: req.context)
    }

    @Sendable static func me(req: Request) async throws -> UserResponse {
        try await AccountService.me(try req.requireUser(), in: req.context)
    }

    @Sendable static func updateProfile(req: Request) async throws -> UserResponse {
        let user = try req.requireUser()
        return try await AccountService.updateProfile(try req.decodeJSON(UpdateProfileRequest.self), of: user, in: req.context)
    }

    @Sendable static func changePassword(req: Request) async throws -> MessageResponse {
        let user = try req.requireUser()
        try await AccountService.changePassword(try req.decodeJSON(ChangePasswordRequest.self), of: user, in: req.context)
        return MessageResponse(message: "Password changed. Other devices have been signed out.")
    }

    @Sendable static func logout(req: Request) async throws -> MessageResponse {
        try await AccountService.logout(try req.requireUser(), in: req.context)
        return MessageResponse(message: "Signed out")
    }
}
