import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// The stylesheet, script and pictures: linked by versioned addresses that browsers keep,
/// served from memory byte for byte, revalidated by ETag, and nothing else of the disk.
@Suite struct AssetTests {
    /// The asset addresses a page links to (`href` and `src` under /css/, /js/, /img/).
    func assetLinks(in html: String) -> [String] {
        let pattern = /(?:href|src)="(\/(?:css|js|img)\/[^"]+)"/
        return html.matches(of: pattern).map { String($0.output.1) }
    }

    @Test func pagesLinkVersionedAssetsThatBrowsersKeepForAYear() async throws {
        try await withApp { client in
            // setup
            let login = try await client.send(.GET, "/login")
            // act
            let links = assetLinks(in: login.body.string)
            // assert
            #expect(Set(links.map { $0.split(separator: "?")[0] }) == ["/css/app.css", "/js/app.js", "/img/piggy.svg"])
            for link in links {
                let path = String(link.split(separator: "?")[0])
                let onDisk = try Data(contentsOf: URL(fileURLWithPath: client.app.directory.publicDirectory + path.dropFirst()))
                let version = SHA256.hash(data: onDisk).prefix(8).map { String(format: "%02x", $0) }.joined()
                #expect(link == "\(path)?v=\(version)")
                let response = try await client.send(.GET, link)
                #expect(response.status == .ok, "\(link)")
                #expect(Data(buffer: response.body) == onDisk, "\(link)")
                #expect(response.headers.first(name: .cacheControl) == "public, max-age=31536000, immutable", "\(link)")
                #expect(response.headers.first(name: .eTag) == "\"\(version)\"", "\(link)")
            }
            let css = try await client.send(.GET, try #require(links.first { $0.hasPrefix("/css/") }))
            #expect(css.headers.contentType == .css)
            let script = try await client.send(.GET, try #require(links.first { $0.hasPrefix("/js/") }))
            #expect(script.headers.contentType?.subType == "javascript")
            let picture = try await client.send(.GET, try #require(links.first { $0.hasPrefix("/img/") }))
            #expect(picture.headers.contentType?.subType == "svg+xml")
        }
    }

    @Test func withoutTheCurrentVersionABrowserAsksAgainAndGetsANotModified() async throws {
        try await withApp { client in
            for path in ["/css/app.css", "/css/app.css?v=0123456789abcdef"] {
                // act
                let first = try await client.send(.GET, path)
                let etag = try #require(first.headers.first(name: .eTag))
                let again = try await client.send(.GET, path, headers: [("If-None-Match", etag)])
                let weak = try await client.send(.GET, path, headers: [("If-None-Match", "\"other\", W/\(etag)")])
                let changed = try await client.send(.GET, path, headers: [("If-None-Match", "\"0000000000000000\"")])
                // assert: an old version's address gets today's file, never kept for a year
                #expect(first.status == .ok && first.body.readableBytes > 1000, "\(path)")
                #expect(first.headers.first(name: .cacheControl) == "no-cache", "\(path)")
                #expect(again.status == .notModified && again.body.readableBytes == 0, "\(path)")
                #expect(again.headers.first(name: .eTag) == etag, "\(path)")
                #expect(weak.status == .notModified, "\(path)")
                #expect(changed.status == .ok && changed.body.readableBytes == first.body.readableBytes, "\(path)")
            }
        }
    }

    @Test func browsersThatTakeGzipGetTheTextAssetsInIt() async throws {
        try await withApp { client in
            // setup
            let path = "/css/app.css"
            let onDisk = try Data(contentsOf: URL(fileURLWithPath: client.app.directory.publicDirectory + "css/app.css"))
            // act
            let gzipped = try await client.send(.GET, path, headers: [("Accept-Encoding", "gzip, deflate, br")])
            let plain = try await client.send(.GET, path, headers: [("Accept-Encoding", "identity")])
            let refused = try await client.send(.GET, path, headers: [("Accept-Encoding", "gzip;q=0, *")])
            let anything = try await client.send(.GET, path, headers: [("Accept-Encoding", "*")])
            // assert: gzip's magic number, and its trailer's length of the bytes it holds
            let bytes = [UInt8](Data(buffer: gzipped.body))
            #expect(gzipped.headers.first(name: .contentEncoding) == "gzip")
            #expect(gzipped.headers.first(name: .vary) == "Accept-Encoding")
            #expect(bytes.prefix(2) == [0x1f, 0x8b])
            #expect(bytes.count < onDisk.count / 2)
            let length = bytes.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
            #expect(length == onDisk.count)
            for response in [plain, refused] {
                #expect(response.headers.first(name: .contentEncoding) == nil)
                #expect(Data(buffer: response.body) == onDisk)
            }
            #expect(anything.headers.first(name: .contentEncoding) == "gzip")
            // Each form has a tag of its own, and either one answers a revalidation.
            let gzipTag = try #require(gzipped.headers.first(name: .eTag))
            #expect(gzipTag != plain.headers.first(name: .eTag))
            let revalidated = try await client.send(.GET, path, headers: [("If-None-Match", gzipTag)])
            #expect(revalidated.status == .notModified)
        }
    }

    @Test func onlyTheAssetsAreServedAndOnlyToReads() async throws {
        try await withApp { client in
            // act
            let unknown = try await client.send(.GET, "/css/missing.css")
            let outside = try await client.send(.GET, "/css/../Package.swift")
            let encoded = try await client.send(.GET, "/css/%2E%2E/%2E%2E/Package.swift")
            let posted = try await client.send(.POST, "/css/app.css", body: "{}")
            let head = try await client.send(.HEAD, "/js/app.js")
            // assert
            #expect(unknown.status == .notFound)
            #expect(outside.status == .notFound)
            #expect(encoded.status == .notFound)
            #expect(posted.status == .notFound)
            #expect(!posted.body.string.contains("swift-tools-version"))
            #expect(head.status == .ok && head.headers.first(name: .eTag) != nil)
        }
    }

    @Test func aServerWithoutItsAssetsDoesNotStart() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-assets-\(UUID())/").path
        #expect(throws: ConfigurationError.self) { try Assets.load(from: empty) }
    }
}
