import Vapor

/// Serves `Public/` only for the asset folders, so API and page requests skip the file
/// system look-up that FileMiddleware makes for every path.
struct AssetMiddleware: AsyncMiddleware {
    let files: FileMiddleware
    static let prefixes = ["/css/", "/js/", "/img/", "/favicon"]

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = request.urlPath
        guard Self.prefixes.contains(where: path.hasPrefix) else { return try await next.respond(to: request) }
        return try await files.respond(to: request, chainingTo: next)
    }
}
