import Dispatch
import FoundationEssentials
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
@_spi(Tools) import RefreshGif
import ServiceLifecycle
import Synchronization

/// The request context: bodies are read up to the configured limit by the handlers.
struct PreviewContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    init(source: Source) {
        coreContext = .init(source: source)
    }
}

/// `refresh-render preview`'s HTTP server on Hummingbird: the routes of docs/openapi.yaml over
/// a ``PreviewService``. Every request is treated as hostile: queries and bodies are read
/// within limits, a `Host` header must name the address served (no DNS rebinding), a POST
/// from another origin is refused, each answer has a time limit, and errors are one line of
/// text with a 4xx status, never a crash.
public enum PreviewServer {
    /// Serves `service` until the process ends; calls `ready` with the page's URL once
    /// listening. Throws when the address cannot be bound.
    public static func run(_ service: PreviewService, ready: @escaping @Sendable (String) -> Void) async throws {
        // Uploads left behind by servers that were killed outright.
        TemporaryFolder.removeAbandoned()
        let configuration = service.configuration
        let router = makeRouter(service)
        var logger = Logger(label: "refresh-preview")
        logger.logLevel = .critical
        let host = configuration.host
        // Idle connections close after a minute, heads must arrive within seconds; at most 256
        // connections are open at once, at most 128 of them waiting for a head.
        let app = Application(
            router: router,
            server: GuardedHTTP1Channel.builder(limits: ConnectionLimits(maxBodyBytes: configuration.maxBodyBytes), idleSeconds: 60),
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(256)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let shown = host.contains(":") ? "[\(host)]" : host
                ready("http://\(shown):\(port)/")
            },
            logger: logger)
        // The server and the file watcher run as one group: when the server stops (or cannot
        // bind), the watcher is cancelled, and the uploads are removed.
        defer { service.shutDown() }
        // With no file named at start the watcher has nothing to do and returns: that does not
        // stop the server.
        let watching = ServiceGroupConfiguration.ServiceConfiguration(
            service: FileWatching(service: service), successTerminationBehavior: .ignore)
        let beating = ServiceGroupConfiguration.ServiceConfiguration(
            service: Heartbeat(service: service), successTerminationBehavior: .ignore)
        try await ServiceGroup(configuration: .init(services: [.init(service: app), watching, beating], logger: logger)).run()
    }

    /// The watcher of the files named at start, as a service of the group.
    struct FileWatching: Service {
        let service: PreviewService

        func run() async throws {
            await service.watchFiles()
        }
    }

    /// The event streams' heartbeat, as a service of the group.
    struct Heartbeat: Service {
        let service: PreviewService

        func run() async throws {
            await service.beatEvents()
        }
    }

    /// The routes of docs/openapi.yaml over `service`, behind the middlewares every request
    /// passes; what `run` serves, and what the HTTP tests drive (HummingbirdTesting).
    static func makeRouter(_ service: PreviewService) -> Router<PreviewContext> {
        let router = Router(context: PreviewContext.self)
        // One job each, in order: errors as lines, the Host, the method, the origin of a POST.
        router.add(middleware: ErrorLines())
        router.add(middleware: HostCheck(loopbackOnly: service.configuration.isLoopback))
        router.add(middleware: MethodCheck())
        router.add(middleware: OriginCheck())
        addRoutes(to: router, service: service)
        return router
    }

    private static func addRoutes(to router: Router<PreviewContext>, service: PreviewService) {
        let limit = service.configuration.maxBodyBytes
        let seconds = service.configuration.requestSeconds
        for path in PageFiles.paths {
            router.get(RouterPath(path)) { request, _ -> Response in
                guard let file = PageFiles.file(at: request.uri.path) else { return answer(PreviewError(status: 404, "not found")) }
                return answer(PreviewReply(contentType: file.type, body: file.bytes))
            }
        }
        router.get("/healthz") { _, _ in answer(PreviewReply(contentType: "text/plain; charset=utf-8", body: Array("ok\n".utf8))) }
        router.get("/schema.json") { _, _ in await serve(within: seconds, budget: service.budget) { try service.schema() } }
        router.get("/session.json") { request, _ in
            await serve(within: seconds, budget: service.budget) { try service.session(query: request.uri.query) }
        }
        router.get("/render.png") { request, _ in
            await serve(within: seconds, budget: service.budget) { try await service.render(query: request.uri.query) }
        }
        router.get("/export") { request, _ in
            await serve(within: seconds, budget: service.budget) { try service.export(query: request.uri.query) }
        }
        router.get("/layers.json") { request, _ in
            await serve(within: seconds, budget: service.budget) { try await service.layerFrames(query: request.uri.query) }
        }
        router.get("/lint") { request, _ in
            await serve(within: seconds, budget: service.budget) { try await service.lint(query: request.uri.query) }
        }
        router.get("/appcode") { request, _ in
            await serve(within: seconds, budget: service.budget) { try await service.appCode(query: request.uri.query) }
        }
        router.get("/assets.zip") { request, _ in
            await serve(within: seconds, budget: service.budget) { try await service.assetsZip(query: request.uri.query) }
        }
        router.post("/live") { request, _ in
            await serve(within: seconds, budget: service.budget) {
                try await withBody(of: request, limit: limit, budget: service.budget) { body in
                    try await service.live(query: request.uri.query, body: body)
                }
            }
        }
        router.post("/gesture") { request, _ in
            await serve(within: seconds, budget: service.budget) {
                try await withBody(of: request, limit: limit, budget: service.budget) { body in
                    try await service.gesture(query: request.uri.query, body: body)
                }
            }
        }
        router.post("/assets") { request, _ in
            await serve(within: seconds, budget: service.budget) {
                try await withBody(of: request, limit: limit, budget: service.budget) { body in
                    try service.upload(query: request.uri.query, body: body)
                }
            }
        }
        router.get("/events") { _, _ -> Response in
            guard let stream = service.events() else {
                return answer(PreviewError(status: 503, "too many pages are listening for changes"))
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            for (name, value) in PageFiles.securityHeaders { if let field = HTTPField.Name(name) { headers[field] = value } }
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    // A version already sent is the feed's heartbeat: a comment line, which the
                    // page ignores; writing it to a closed connection throws, and the stream
                    // (and its slot) goes with it.
                    var sent: Int?
                    for await version in stream {
                        if version == sent {
                            try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                        } else {
                            try await writer.write(ByteBuffer(string: "event: changed\ndata: {\"version\": \(version)}\n\n"))
                            sent = version
                        }
                    }
                    try await writer.finish(nil)
                })
        }
    }

    /// Runs `work` with the request's body, its cost held in `budget` (from what its length
    /// announces, else the limit) from before it is read until the answer is made: a hundred
    /// 10 MB bodies at once are refused, not held.
    private static func withBody(
        of request: Request, limit: Int, budget: WorkBudget, _ work: ([UInt8]) async throws -> PreviewReply
    ) async throws -> PreviewReply {
        let announced = request.headers[.contentLength].flatMap { Int($0) }.map { min($0, limit) } ?? limit
        // Three times its length: the buffer it arrives in (which grows by doubling), the copy
        // handed on, and what parsing it makes.
        return try await budget.holding(3 * announced, for: "the request body") {
            try await work(try await body(of: request, limit: limit))
        }
    }

    /// The body, refused with 413 past `limit` bytes (before reading it, when its length says
    /// so); a body that is not well-formed HTTP (a bad chunk size) is a 400.
    private static func body(of request: Request, limit: Int) async throws -> [UInt8] {
        let tooLarge = PreviewError(status: 413, "the request body is larger than \(limit >> 20) MiB")
        if let announced = request.headers[.contentLength], announced.utf8.count > 18 || (Int(announced) ?? 0) > limit {
            throw tooLarge
        }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        } catch {
            throw PreviewError.badRequest("the request body is not well-formed HTTP")
        }
    }

    /// Runs a handler within `seconds` and turns its result or error into a response; past
    /// the limit the answer is 503 at once: the handler is cancelled, and a render under way
    /// (which cannot be interrupted mid-frame) finishes in the background, holding its slot.
    /// A task group would wait for it before answering; this waits only for the first of the two.
    private static func serve(
        within seconds: Double, budget: WorkBudget, _ work: @escaping @Sendable () async throws -> PreviewReply
    ) async -> Response {
        let first = FirstOutcome()
        let outcome = await withCheckedContinuation { continuation in
            first.await(continuation)
            let worker = Task {
                do { first.give(.success(try await work())) } catch { first.give(.failure(error)) }
            }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                worker.cancel()
                first.give(.failure(PreviewError(status: 503, "the request took longer than \(Int(seconds)) s")))
            }
        }
        switch outcome {
        case .success(let reply): return answer(reply, heldIn: budget)
        case .failure(let error): return answer(PreviewError.from(error))
        }
    }

    /// `reply`, its bytes held in `budget` until the answer has been written (a slow reader
    /// keeps them in memory that long: 600 of them once took the server past its budget), and
    /// written in pieces of 64 KiB so that each waits for the reader.
    static func answer(_ reply: PreviewReply, heldIn budget: WorkBudget) -> Response {
        let held = budget.charge(reply.body.count)
        var headers = HTTPFields()
        headers[.contentType] = reply.contentType
        for (name, value) in PageFiles.securityHeaders + reply.headers {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        let bytes = ByteBuffer(bytes: reply.body)
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: headers,
            body: ResponseBody(contentLength: bytes.readableBytes) { writer in
                var rest = bytes
                while let piece = rest.readSlice(length: min(64 << 10, rest.readableBytes)), piece.readableBytes > 0 {
                    try await writer.write(piece)
                }
                try await writer.finish(nil)
                withExtendedLifetime(held) {}
            })
    }

    static func answer(_ reply: PreviewReply) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = reply.contentType
        for (name, value) in PageFiles.securityHeaders + reply.headers {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }

    static func answer(_ error: PreviewError) -> Response {
        answer(PreviewReply(status: error.status.code, contentType: "text/plain; charset=utf-8", body: Array(error.line.utf8)))
    }
}

/// Turns whatever a route or a later middleware throws into one line with its status (a
/// ``PreviewError``'s own, the library's error's, Hummingbird's), and a bare 404 into one.
/// It runs first, so every refusal below it is answered the same way.
struct ErrorLines: RouterMiddleware {
    typealias Context = PreviewContext

    func handle(_ request: Request, context: PreviewContext, next: (Request, PreviewContext) async throws -> Response) async throws
        -> Response
    {
        do {
            let response = try await next(request, context)
            if response.status == .notFound, response.headers[.contentType] == nil {
                return PreviewServer.answer(PreviewError(status: .notFound, "no such page: \(SceneSchema.quoted(request.uri.path))"))
            }
            return response
        } catch let error as PreviewError {
            return PreviewServer.answer(error)
        } catch let error as HTTPError {
            return PreviewServer.answer(
                PreviewError(
                    status: error.status,
                    error.status == .notFound ? "no such page: \(SceneSchema.quoted(request.uri.path))" : error.status.reasonPhrase))
        } catch {
            return PreviewServer.answer(PreviewError.from(error))
        }
    }
}

/// Exactly one `Host`, a host and a valid port; on a loopback address, a loopback name (no
/// DNS rebinding: a page elsewhere cannot reach the server by renaming its address).
struct HostCheck: RouterMiddleware {
    typealias Context = PreviewContext
    let loopbackOnly: Bool

    func handle(_ request: Request, context: PreviewContext, next: (Request, PreviewContext) async throws -> Response) async throws
        -> Response
    {
        guard let named = request.head.authority, request.headers[values: .host].isEmpty else {
            throw PreviewError.badRequest("a request names exactly one Host")
        }
        guard let authority = Authority(named) else {
            throw PreviewError.badRequest("the Host '\(SceneSchema.quoted(named))' is not a host and port")
        }
        if loopbackOnly, !authority.isLoopback {
            throw PreviewError(status: .misdirectedRequest, "this server answers only to localhost, 127.0.0.1 and [::1]")
        }
        return try await next(request, context)
    }
}

/// Each path's methods: GET and HEAD, POST on the routes that take a body (405 with `Allow`
/// otherwise).
struct MethodCheck: RouterMiddleware {
    typealias Context = PreviewContext

    /// The routes that take a body, and the one type each body is sent as.
    static let postPaths: [String: String] = [
        "/live": "application/json", "/gesture": "application/json", "/assets": "application/octet-stream",
    ]

    func handle(_ request: Request, context: PreviewContext, next: (Request, PreviewContext) async throws -> Response) async throws
        -> Response
    {
        let allowed: [HTTPRequest.Method] = Self.postPaths[request.uri.path] != nil ? [.post] : [.get, .head]
        guard allowed.contains(request.method) else {
            let list = allowed.map(\.rawValue).joined(separator: ", ")
            var response = PreviewServer.answer(
                PreviewError(status: .methodNotAllowed, "method \(request.method.rawValue) is not allowed here (\(list))"))
            response.headers[.allow] = list
            return response
        }
        return try await next(request, context)
    }
}

/// Only the preview's own page may drive the server: a POST's `Origin` must be this server's,
/// or, without one, the browser says `Sec-Fetch-Site: same-origin` (403 otherwise); and its body
/// must be of the route's type, which no HTML form can send (415 otherwise: a form's types need
/// no permission across sites).
struct OriginCheck: RouterMiddleware {
    typealias Context = PreviewContext

    func handle(_ request: Request, context: PreviewContext, next: (Request, PreviewContext) async throws -> Response) async throws
        -> Response
    {
        guard request.method == .post, let expected = MethodCheck.postPaths[request.uri.path] else {
            return try await next(request, context)
        }
        let site = request.headers[.secFetchSite]
        if let site, site != "same-origin" {
            throw PreviewError(status: .forbidden, "a request from another site (Sec-Fetch-Site: \(SceneSchema.quoted(site))) is refused")
        }
        if let origin = request.headers[.origin] {
            guard origin.lowercased() == "http://" + (request.head.authority ?? "").lowercased() else {
                throw PreviewError(status: .forbidden, "a request from another site ('\(SceneSchema.quoted(origin))') is refused")
            }
        } else if site == nil {
            throw PreviewError(
                status: .forbidden, "a POST must come from the preview's page (an Origin or Sec-Fetch-Site: same-origin header)")
        }
        let given = request.headers[.contentType].map { String($0.prefix { $0 != ";" }.filter { $0 != " " }).lowercased() }
        guard given == expected else {
            throw PreviewError(
                status: .unsupportedMediaType,
                "this body must be sent as Content-Type: \(expected), not '\(SceneSchema.quoted(given ?? ""))'")
        }
        return try await next(request, context)
    }
}

/// A request's authority (`Host`) parsed strictly: a name, dotted IPv4 address or bracketed
/// IPv6 address, then at most a port of 1–65535. `[::1]evil`, `127.0.0.1:80@evil.com` or
/// `127.0.0.1:99999` are not authorities.
struct Authority: Equatable {
    var host: String
    var port: Int?

    init?(_ text: String) {
        var rest = Substring(text.lowercased())
        if rest.hasPrefix("[") {
            guard let end = rest.firstIndex(of: "]") else { return nil }
            host = String(rest[rest.index(after: rest.startIndex)..<end])
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            rest = rest[rest.index(after: end)...]
        } else {
            let name = rest.prefix { $0 != ":" }
            host = String(name)
            guard !host.isEmpty, host.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" }) else {
                return nil
            }
            rest = rest[name.endIndex...]
        }
        if rest.isEmpty { return }
        guard rest.first == ":", rest.count >= 2, rest.count <= 6, rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
            let port = Int(rest.dropFirst()), (1...65535).contains(port)
        else { return nil }
        self.port = port
    }

    /// `localhost`, an address in 127.0.0.0/8, or ::1.
    var isLoopback: Bool {
        if host == "localhost" || host == "::1" { return true }
        // A dotted IPv4 address in 127.0.0.0/8, not a name that merely starts so.
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in UInt8(part) != nil && part.count <= 3 }
    }
}

extension HTTPField.Name {
    static let host = HTTPField.Name("Host")!
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}

/// The first of several racing outcomes, handed to the one waiting for it; later ones are dropped.
private final class FirstOutcome: Sendable {
    private let waiting = Mutex<CheckedContinuation<Result<PreviewReply, any Error>, Never>?>(nil)

    func await(_ continuation: CheckedContinuation<Result<PreviewReply, any Error>, Never>) {
        waiting.withLock { $0 = continuation }
    }

    func give(_ outcome: Result<PreviewReply, any Error>) {
        let continuation = waiting.withLock { waiting -> CheckedContinuation<Result<PreviewReply, any Error>, Never>? in
            defer { waiting = nil }
            return waiting
        }
        continuation?.resume(returning: outcome)
    }
}
