import NIOCore
import NIOHTTP1

/// Answers a request NIO's parser rejects before the decoder closes the connection: 431 for header
/// fields over its limit (80 KB), 400 for anything else malformed.
final class BadRequestAnswer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Whether a response has begun and not ended (then no other can be sent).
    private var responding = false
    private var answered = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? HTTPParserError, !responding, !answered {
            answered = true
            let status: HTTPResponseStatus = error == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
            var response = PreviewResponse.plain(status, status == .badRequest ? "bad request" : "headers too large")
            response.extraHeaders = [("Connection", "close")]
            let head = HTTPResponseHead(version: .http1_1, status: status, headers: response.headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
        context.fireErrorCaught(error)  // the connection's request stream ends with it
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.code >= 200: responding = true  // not an informational 1xx
        case .end: responding = false
        default: break
        }
        context.write(data, promise: promise)
    }
}

/// Closes a connection whose next request does not arrive whole within `request` (a silent client,
/// an idle keep-alive connection, or a client sending its request byte by byte), or whose response
/// is not taken within `response` (a client that stopped reading).
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let request: TimeAmount
    private let response: TimeAmount
    private var timer: Scheduled<Void>?

    init(request: TimeAmount, response: TimeAmount) {
        self.request = request
        self.response = response
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context, request) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context, request)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { arm(context, response) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context, request) }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    private func arm(_ context: ChannelHandlerContext, _ timeout: TimeAmount) {
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
    }
}
