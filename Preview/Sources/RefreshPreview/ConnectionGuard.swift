import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1
import Synchronization

/// What a connection is held to before any route sees it (docs/preview.md, "Limits").
struct ConnectionLimits: Sendable {
    /// The longest a request's head (request line and headers) may take to arrive, counted
    /// from the connection's start or the end of the answer before, however it trickles in;
    /// a connection that sent bytes meanwhile gets it once more.
    var headSeconds: Int64 = 5
    /// Connections that may wait for a head at once; past it the one waiting longest is closed,
    /// so a crowd of slow clients never holds every slot a new connection needs.
    var waitingConnections = 128
    /// The longest request line or header, in bytes (a longer query gets a 414 line).
    var maxHeadBytes = 256 << 10
    /// The largest body a request may announce; a larger one is answered without reading it.
    var maxBodyBytes: Int
}

/// Hummingbird's HTTP/1 channel with two handlers in front of its own: ``RequestHeadDeadline``
/// and ``HTTP1Conformance``. Everything else (the router, the responses) is Hummingbird's.
struct GuardedHTTP1Channel: HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value
    let inner: HTTP1Channel
    let limits: ConnectionLimits
    let waiting: HeadWaiters

    var responder: HTTPChannelHandler.Responder { inner.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
            try pipeline.addHandler(RequestHeadDeadline(limits: limits, waiting: waiting), position: .before(codec))
            try pipeline.addHandler(HTTP1Conformance(limits: limits), position: .before(codec))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }

    /// The server builder for `Application`.
    static func builder(limits: ConnectionLimits, idleSeconds: Int64) -> HTTPServerBuilder {
        let waiting = HeadWaiters(capacity: limits.waitingConnections)
        return HTTPServerBuilder { responder in
            var configuration = HTTP1Channel.Configuration(idleTimeout: .seconds(idleSeconds))
            configuration.httpDecoder = .init(
                maxHeaderFieldSize: limits.maxHeadBytes, maxHeaderListSize: limits.maxHeadBytes + (16 << 10),
                maxHeaderFieldCount: 100)
            return GuardedHTTP1Channel(
                inner: HTTP1Channel(responder: responder, configuration: configuration), limits: limits, waiting: waiting)
        }
    }
}

/// The connections waiting for a request head, oldest first: when more than `capacity` wait,
/// the oldest is closed to make room.
final class HeadWaiters: Sendable {
    private struct Waiter {
        var order: Int
        var channel: any Channel
    }
    private let state = Mutex<(next: Int, waiters: [ObjectIdentifier: Waiter])>((0, [:]))
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Records that `key`'s channel waits for a head; closes the longest waiting beyond capacity.
    func wait(_ key: ObjectIdentifier, channel: any Channel) {
        let evicted: [any Channel] = state.withLock { state in
            state.waiters[key] = Waiter(order: state.next, channel: channel)
            state.next += 1
            guard state.waiters.count > capacity else { return [] }
            let oldest = state.waiters.sorted { $0.value.order < $1.value.order }.prefix(state.waiters.count - capacity)
            for (key, _) in oldest { state.waiters[key] = nil }
            return oldest.map(\.value.channel)
        }
        for channel in evicted { channel.close(promise: nil) }
    }

    /// `key`'s head arrived, or its connection closed.
    func done(_ key: ObjectIdentifier) {
        state.withLock { _ = $0.waiters.removeValue(forKey: key) }
    }
}

/// Closes a connection whose next request head has not arrived `headSeconds` after it opened
/// or after the request before it was read and answered (twice that when bytes did arrive): a
/// client trickling a byte a second holds its slot for seconds, not for the idle timeout. A body is not timed here (the
/// request's own deadline and the idle timeout hold it).
final class RequestHeadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ConnectionLimits
    private let waiting: HeadWaiters
    private var timer: Scheduled<Void>?

    init(limits: ConnectionLimits, waiting: HeadWaiters) {
        self.limits = limits
        self.waiting = waiting
    }

    private var key: ObjectIdentifier { ObjectIdentifier(self) }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startWaiting(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startWaiting(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopWaiting()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopWaiting()
    }

    /// The request read so far has ended (its body too), and its answer.
    private var requestRead = true, answered = true

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            stopWaiting()
            requestRead = false
            answered = false
        case .end:
            requestRead = true
            // An answer given before the body was all read (a refusal): the next head's time
            // starts once the body is in.
            if answered { startWaiting(context) }
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            answered = true
            if requestRead { startWaiting(context) }
        }
        context.write(data, promise: promise)
    }

    /// Bytes arrived since the wait began, and whether its one extension was given.
    private var readSinceWaiting = false, extended = false

    func channelReadComplete(context: ChannelHandlerContext) {
        readSinceWaiting = true
        context.fireChannelReadComplete()
    }

    private func startWaiting(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        readSinceWaiting = false
        extended = false
        schedule(context)
        waiting.wait(key, channel: context.channel)
    }

    /// At the deadline a connection that sent something gets one more period (a busy server
    /// may not have parsed a head that did arrive); then it is closed, however it trickles.
    private func schedule(_ context: ChannelHandlerContext) {
        let channel = context.channel
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(limits.headSeconds)) { [self] in
            timer = nil
            if readSinceWaiting && !extended {
                extended = true
                schedule(context)
            } else {
                channel.close(promise: nil)
            }
        }
    }

    private func stopWaiting() {
        timer?.cancel()
        timer = nil
        waiting.done(key)
    }
}

/// HTTP/1 as a client may speak it that Hummingbird's loop does not handle the way the preview
/// needs: a request that does not keep the connection alive (HTTP/1.0 without keep-alive,
/// `Connection: close`) or that announces a body past the limit is the connection's last, so
/// its body is never read; a request answered before its body has ended (refused mid-upload)
/// is too, its answer saying so and the rest of the body dropped (``LingeringClose``); a
/// request line or head that cannot be parsed gets one line with a 4xx status, like every
/// other refusal, instead of an empty 400.
final class HTTP1Conformance: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ConnectionLimits
    /// A request's head has been read and its answer has not ended.
    private var inRequest = false
    /// The request's body has ended (or it had none).
    private var bodyEnded = true
    /// The answer being written is the connection's last: it came before the body's end.
    private var answeredEarly = false

    init(limits: ConnectionLimits) { self.limits = limits }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            if case .end = unwrapInboundIn(data) { bodyEnded = true }
            context.fireChannelRead(data)
            return
        }
        inRequest = true
        bodyEnded = false
        let announced = head.headers["Content-Length"].first.flatMap { Int($0) } ?? 0
        if !head.isKeepAlive || announced > limits.maxBodyBytes {
            head.headers.replaceOrAdd(name: "Connection", value: "close")
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where inRequest && !bodyEnded && !answeredEarly:
            // The body cannot be read past now without reading all of it: the connection ends.
            answeredEarly = true
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            LingeringClose.drop(context)
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            inRequest = false
            guard answeredEarly else { return context.write(data, promise: promise) }
            let written = promise ?? context.eventLoop.makePromise()
            written.futureResult.whenComplete { [channel = context.channel] _ in LingeringClose.close(channel) }
            context.write(data, promise: written)
        default:
            context.write(data, promise: promise)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A body that cannot be parsed reaches the route reading it (a 400 line from there).
        guard let parse = error as? HTTPParserError, !inRequest else {
            context.fireErrorCaught(error)
            return
        }
        let (status, line): (HTTPResponseStatus, String) =
            switch parse {
            case .headerOverflow:
                (.uriTooLong, "the request line or a header is longer than \(limits.maxHeadBytes >> 10) KiB")
            case .invalidVersion: (.httpVersionNotSupported, "only HTTP/1.0 and HTTP/1.1 are spoken here")
            default: (.badRequest, "the request is not HTTP (\(parse))")
            }
        let body = ByteBuffer(string: "refresh-render: \(line)\n")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        for (name, value) in PageFiles.securityHeaders { headers.add(name: name, value: value) }
        inRequest = true
        LingeringClose.drop(context)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [channel = context.channel] _ in
            LingeringClose.close(channel)
        }
    }
}

/// The end of a connection whose request was refused unread: the answer is followed by the
/// end of the server's side (FIN), the client's remaining bytes are read and dropped until it
/// closes too, and the connection is closed outright after ``seconds`` whatever the client does.
/// Closing at once, with the refused request's bytes still unread, would send a reset instead,
/// which may destroy the answer in the client's buffer before it reads it.
final class LingeringClose: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// The longest a refused client may go on sending before its connection is closed.
    static let seconds: Int64 = 2

    /// Has what `context`'s client still sends read and dropped from now on, before the answer.
    static func drop(_ context: ChannelHandlerContext) {
        try? context.pipeline.syncOperations.addHandler(LingeringClose(), position: .first)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func channelReadComplete(context: ChannelHandlerContext) { context.read() }

    /// Ends `channel`'s output now and the whole channel after ``seconds``.
    static func close(_ channel: any Channel) {
        channel.close(mode: .output, promise: nil)
        channel.read()
        channel.eventLoop.scheduleTask(in: .seconds(seconds)) { channel.close(promise: nil) }
    }
}
