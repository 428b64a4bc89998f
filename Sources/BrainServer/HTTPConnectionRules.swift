import BrainFormats
import Foundation
import NIOCore
import NIOHTTP1

/// HTTP/1 connection rules Hummingbird leaves to the application, applied where the request's
/// version is still known (between NIO's HTTP decoder and Hummingbird's codec):
/// a request that cannot be parsed (unknown method, 100 kB request line) is answered with the
/// API's JSON error, not an empty 400; an HTTP/1.0 request is answered as 1.0 and, unless it
/// asked for keep-alive, the connection is closed after the answer, as is one that asked for
/// `Connection: close` or used `CONNECT` (whose body would be a tunnel this server never opens).
final class HTTPConnectionRules: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var version = HTTPVersion.http1_1
    private var keepAlive = true
    private var responding = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) {
            version = head.version
            keepAlive = head.isKeepAlive && head.method != .CONNECT
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            responding = true
            if version == .http1_0 { head.version = .http1_0 }
            if !keepAlive {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            } else if version == .http1_0 {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            responding = false
            guard !keepAlive else { return context.write(data, promise: promise) }
            let written = promise ?? context.eventLoop.makePromise()
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
            context.write(data, promise: written)
        case .body:
            context.write(data, promise: promise)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError, !responding else { return context.fireErrorCaught(error) }
        let body = [UInt8]((try? BrainJSON.encode(["error": Self.message(parseError)])) ?? Data())
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json; charset=utf-8")
        headers.add(name: "content-length", value: String(body.count))
        headers.add(name: "connection", value: "close")
        let channel = context.channel
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// What was wrong with a request the parser refused, in a sentence.
    static func message(_ error: HTTPParserError) -> String {
        switch error {
        case .invalidMethod: "not an HTTP method this server knows; it answers GET and HEAD"
        case .headerOverflow: "the request line or headers are too long"
        case .invalidURL: "the request path is not a valid URL path"
        case .invalidVersion: "not an HTTP version this server speaks (HTTP/1.0 or 1.1)"
        default: "the request is not valid HTTP (\(error))"
        }
    }
}
