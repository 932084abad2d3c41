import AllowanceAPI
import Vapor

struct AuthController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let auth = routes.grouped("auth")
        auth.post("register", "parent", use: registerParent)
        auth.post("login", use: login)
        let signedIn = auth.grouped(RequireUser())
        signedIn.post("register", "child", use: registerChild)
        signedIn.post("refresh", use: refresh)
        signedIn.get("me", use: me)
        signedIn.put("me", use: updateProfile)
        signedIn.post("change-password", use: changePassword)
        signedIn.post("logout", use: logout)
    }

    @Sendable func registerParent(req: Request) async throws -> Response {
        let input = try req.content.decode(RegisterParentRequest.self)
        return try await AccountService.registerParent(input, on: req).encodeResponse(status: .created, for: req)
    }

    @Sendable func registerChild(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let input = try req.content.decode(RegisterChildRequest.self)
        return try await AccountService.registerChild(input, by: parent, on: req).encodeResponse(status: .created, for: req)
    }

    @Sendable func login(req: Request) async throws -> AuthResponse {
        try await AccountService.login(try req.content.decode(LoginRequest.self), on: req)
    }

    @Sendable func refresh(req: Request) async throws -> AuthResponse {
        try await AccountService.refresh(try req.requireUser(), on: req)
    }

    @Sendable func me(req: Request) async throws -> UserResponse {
        try await AccountService.me(try req.requireUser(), on: req)
    }

    @Sendable func updateProfile(req: Request) async throws -> UserResponse {
        let user = try req.requireUser()
        return try await AccountService.updateProfile(try req.content.decode(UpdateProfileRequest.self), of: user, on: req)
    }

    @Sendable func changePassword(req: Request) async throws -> MessageResponse {
        let user = try req.requireUser()
        try await AccountService.changePassword(try req.content.decode(ChangePasswordRequest.self), of: user, on: req)
        return MessageResponse(message: "Password changed. Other devices have been signed out.")
    }

    @Sendable func logout(req: Request) async throws -> MessageResponse {
        try await AccountService.logout(try req.requireUser(), on: req)
        return MessageResponse(message: "Signed out")
    }
}

/// Refuses anonymous callers with 401 before any handler runs.
struct RequireUser: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        _ = try request.requireUser()
        return try await next.respond(to: request)
    }
}
