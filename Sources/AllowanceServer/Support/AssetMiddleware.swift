import Vapor

/// Answers GET and HEAD for the files `Assets` holds, from memory, in gzip to a browser that
/// takes it; every other request goes on, with no file system look-up.
struct AssetMiddleware: AsyncMiddleware {
    let assets: Assets

    /// A year, the longest a browser is asked to keep anything.
    static let versioned = "public, max-age=31536000, immutable"
    /// Kept, but asked about again each time (a 304 while it is current).
    static let unversioned = "no-cache"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.method == .GET || request.method == .HEAD, let file = assets.files[request.urlPath] else {
            return try await next.respond(to: request)
        }
        let gzipped = file.gzipped.flatMap { Self.acceptsGzip(request.headers[.acceptEncoding]) ? $0 : nil }
        var headers = HTTPHeaders()
        headers.add(name: .eTag, value: gzipped == nil ? file.etag : file.gzippedETag)
        headers.add(name: .vary, value: "Accept-Encoding")
        let current = (try? request.query.text("v")) == file.version
        headers.add(name: .cacheControl, value: current ? Self.versioned : Self.unversioned)
        // Either form's tag means the browser holds these bytes.
        if request.headers[.ifNoneMatch].contains(where: { Self.names($0, [file.etag, file.gzippedETag]) }) {
            return Response(status: .notModified, headers: headers)
        }
        headers.contentType = file.contentType
        if gzipped != nil { headers.add(name: .contentEncoding, value: "gzip") }
        return Response(status: .ok, headers: headers, body: .init(buffer: gzipped ?? file.body))
    }

    /// Whether an `If-None-Match` value names one of `etags`: a list of tags, each perhaps weak
    /// (`W/"…"`), or `*`.
    static func names(_ value: String, _ etags: [String]) -> Bool {
        value.split(separator: ",").contains { tag in
            let tag = tag.trimmingCharacters(in: .whitespaces)
            return tag == "*" || etags.contains { tag == $0 || tag == "W/" + $0 }
        }
    }

    /// Whether `Accept-Encoding` takes gzip: named with a quality above 0, or, not named, `*` is.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var named: Double?
        var any: Double?
        for coding in values.flatMap({ $0.split(separator: ",") }) {
            let parts = coding.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            switch parts.first {
            case "gzip": named = quality
            case "*": any = quality
            default: break
            }
        }
        return (named ?? any ?? 0) > 0
    }
}
