import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with `HTTPConnectionRules` inserted after NIO's request decoder.
struct RuledHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    let base: HTTP1Channel

    var responder: HTTPChannelHandler.Responder { base.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // Right after the request decoder, where requests still carry their HTTP version.
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(HTTPConnectionRules(), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }

    /// The server builder for `Application`.
    static func builder(idleTimeout: TimeAmount) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            RuledHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: idleTimeout)))
        }
    }
}
