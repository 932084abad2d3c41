import Vapor

/// The web app's stylesheet, script and pictures (`Public/`), read once at start and served
/// from memory (`AssetMiddleware`).
///
/// Each has a version, the start of its SHA-256. Pages link to `/css/app.css?v=<version>`
/// (`#asset("/css/app.css")`, `AssetTag`), and browsers keep an answer to that address for a
/// year without asking again (`immutable`): a page view costs no asset requests at all, and
/// a new build with a changed file changes the address. Asked for without the version, or an
/// old one (a page kept from before), the answer is the current file marked `no-cache`, so a
/// browser asks again each time and gets a 304 without a body while its copy is current.
///
/// Vapor's `FileMiddleware` looked each file up and streamed it through the file thread pool
/// on every request: the 24 KB stylesheet at 4,706-4,715 a second against `/health`'s
/// 21,719-24,972 on the same server.
struct Assets: Sendable {
    struct File: Sendable {
        let body: ByteBuffer
        /// The body in gzip, for browsers that take it; nil when that is not a tenth smaller.
        let gzipped: ByteBuffer?
        let contentType: HTTPMediaType
        /// The first 16 hex digits of the body's SHA-256.
        let version: String

        /// The tag of each form it is sent in: two encodings of the same bytes are two
        /// representations, and a strong tag names exactly one.
        var etag: String { "\"\(version)\"" }
        var gzippedETag: String { "\"\(version)-gzip\"" }
    }

    /// By path ("/css/app.css").
    let files: [String: File]

    /// The folders of `Public/` that hold assets; nothing else there is served.
    static let folders = ["css", "js", "img"]

    /// Reads every file in `folders` under `publicDirectory` (which ends in "/"). With none
    /// there, no page could link its stylesheet: the server does not start.
    static func load(from publicDirectory: String) throws -> Assets {
        var files: [String: File] = [:]
        let manager = FileManager.default
        for folder in folders {
            let directory = publicDirectory + folder
            guard let names = try? manager.contentsOfDirectory(atPath: directory) else { continue }
            for name in names where !name.hasPrefix(".") {
                guard let data = manager.contents(atPath: directory + "/" + name) else { continue }
                let digest = SHA256.hash(data: data).prefix(8).hex
                let type = name.split(separator: ".").last.flatMap { HTTPMediaType.fileExtension(String($0)) } ?? .binary
                let body = ByteBuffer(data: data)
                let gzipped = try gzip(body)
                files["/\(folder)/\(name)"] = File(
                    body: body, gzipped: gzipped.readableBytes < body.readableBytes * 9 / 10 ? gzipped : nil, contentType: type,
                    version: digest)
            }
        }
        guard !files.isEmpty else {
            throw ConfigurationError(
                "No web assets in \(publicDirectory) (css, js, img): start the server from the project's folder, or set ALLOWANCE_ROOT to it"
            )
        }
        return Assets(files: files)
    }

    /// The address a page links to for the asset at `path`: with its version, so it is cached
    /// until the file changes. Nil for a path that is not an asset.
    func url(_ path: String) -> String? {
        files[path].map { "\(path)?v=\($0.version)" }
    }
}
