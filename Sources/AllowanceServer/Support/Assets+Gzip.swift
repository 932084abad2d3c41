import NIOEmbedded
import NIOHTTP1
import NIOHTTPCompression
import Vapor

extension Assets {
    /// `body` in gzip, compressed by NIO's own response compressor (the one Vapor's
    /// `responseCompression` uses) in a channel of its own: NIO offers its zlib only as a
    /// channel handler, and a handler in the server's pipeline would compress every answer on
    /// every request, pages with their form tokens among them (BREACH). The assets hold no
    /// secret and never change while the server runs, so each is compressed once, at start.
    static func gzip(_ body: ByteBuffer) throws -> ByteBuffer {
        let channel = EmbeddedChannel(handler: HTTPResponseCompressor(initialByteBufferCapacity: body.readableBytes))
        defer { _ = try? channel.finish() }
        try channel.writeInbound(
            HTTPServerRequestPart.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: "/", headers: ["Accept-Encoding": "gzip"])))
        try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
        try channel.writeOutbound(HTTPServerResponsePart.body(.byteBuffer(body)))
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        var compressed = ByteBuffer()
        var encoding: String?
        while let part = try channel.readOutbound(as: HTTPServerResponsePart.self) {
            switch part {
            case .head(let head): encoding = head.headers.first(name: "Content-Encoding")
            case .body(.byteBuffer(var chunk)): compressed.writeBuffer(&chunk)
            case .body, .end: break
            }
        }
        guard encoding == "gzip" else { throw ConfigurationError("NIO's compressor did not gzip the assets (\(encoding ?? "none"))") }
        return compressed
    }
}
