import AllowanceAPI
import Foundation
import Vapor

/// Authorization, in one place. Controllers (API and web) ask here once, at the edge, and pass
/// the record they got into the service; services trust it and do not check again.
///
/// The rulings: a parent acts on their own family only; a child sees and acts on their own
/// money only. Anything outside the family, and a sibling's data, reads "not found" (404), so
/// nothing leaks; a child asking for a parent's action on their own data gets 403.
extension Request {
    /// The signed-in user, or 401.
    func requireUser() throws -> AuthUser {
        guard let user = auth.get(AuthUser.self) else { throw AppError.unauthorized }
        return user
    }

    /// The signed-in parent, or 401/403.
    func requireParent() throws -> AuthUser {
        let user = try requireUser()
        guard user.isParent else { throw AppError.parentOnly }
        return user
    }
}

extension AuthUser {
    /// 403 unless a parent: for actions on a record the user may see but only a parent may change.
    func requireParent() throws {
        guard isParent else { throw AppError.parentOnly }
    }
}

/// Refuses anonymous callers with 401 before any handler runs.
struct RequireUser: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        _ = try request.requireUser()
        return try await next.respond(to: request)
    }
}
