import Dispatch
import FoundationEssentials
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import RefreshGif

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
        let configuration = service.configuration
        let router = Router(context: PreviewContext.self)
        router.add(middleware: Guard(service: service))
        addRoutes(to: router, service: service)
        var logger = Logger(label: "refresh-preview")
        logger.logLevel = .critical
        let host = configuration.host
        // Idle connections close after a minute; at most 256 are open at once.
        let app = Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: .seconds(60))),
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(256)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let shown = host.contains(":") ? "[\(host)]" : host
                ready("http://\(shown):\(port)/")
            },
            logger: logger)
        let watcher = Task { await service.watchFiles() }
        defer {
            watcher.cancel()
            service.shutDown()
        }
        try await app.run()
    }

    private static func addRoutes(to router: Router<PreviewContext>, service: PreviewService) {
        let limit = service.configuration.maxBodyBytes
        let seconds = service.configuration.requestSeconds
        for path in ["/", "/index.html", "/preview.css", "/preview.js"] {
            router.get(RouterPath(path)) { request, _ -> Response in
                guard let file = PageFiles.file(at: request.uri.path) else { return answer(PreviewError(status: 404, "not found")) }
                return answer(PreviewReply(contentType: file.type, body: file.bytes))
            }
        }
        router.get("/healthz") { _, _ in answer(PreviewReply(contentType: "text/plain; charset=utf-8", body: Array("ok\n".utf8))) }
        router.get("/schema.json") { _, _ in await serve(within: seconds) { try service.schema() } }
        router.get("/session.json") { _, _ in await serve(within: seconds) { try service.session() } }
        router.get("/render.png") { request, _ in await serve(within: seconds) { try await service.render(query: request.uri.query) } }
        router.get("/export") { request, _ in await serve(within: seconds) { try service.export(query: request.uri.query) } }
        router.get("/lint") { request, _ in await serve(within: seconds) { try await service.lint(query: request.uri.query) } }
        router.post("/live") { request, _ in
            await serve(within: seconds) {
                try await service.live(query: request.uri.query, body: try await body(of: request, limit: limit))
            }
        }
        router.post("/gesture") { request, _ in
            await serve(within: seconds) {
                try await service.gesture(query: request.uri.query, body: try await body(of: request, limit: limit))
            }
        }
        router.post("/assets") { request, _ in
            await serve(within: seconds) { try service.upload(query: request.uri.query, body: try await body(of: request, limit: limit)) }
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
                    for await version in stream {
                        try await writer.write(ByteBuffer(string: "event: changed\ndata: {\"version\": \(version)}\n\n"))
                    }
                    try await writer.finish(nil)
                })
        }
    }

    /// The body, refused with 413 past `limit` bytes.
    private static func body(of request: Request, limit: Int) async throws -> [UInt8] {
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw PreviewError(status: 413, "the request body is larger than \(limit >> 20) MiB")
        }
    }

    /// Runs a handler within `seconds` and turns its result or error into a response; past
    /// the limit the answer is 503 (a render under way finishes in the background, holding
    /// its slot).
    private static func serve(
        within seconds: Double, _ work: @escaping @Sendable () async throws -> PreviewReply
    ) async -> Response {
        do {
            let reply = try await withThrowingTaskGroup(of: PreviewReply?.self) { group in
                group.addTask { try await work() }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let reply = first else {
                    throw PreviewError(status: 503, "the request took longer than \(Int(seconds)) s")
                }
                return reply
            }
            return answer(reply)
        } catch {
            return answer(PreviewError.from(error))
        }
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
        answer(PreviewReply(status: error.status, contentType: "text/plain; charset=utf-8", body: Array(error.line.utf8)))
    }
}

/// Checks every request before its route: the Host it names, the origin of a POST and the
/// method; and turns anything a route throws into one line.
struct Guard: RouterMiddleware {
    typealias Context = PreviewContext
    let service: PreviewService

    func handle(_ request: Request, context: PreviewContext, next: (Request, PreviewContext) async throws -> Response) async throws
        -> Response
    {
        let configuration = service.configuration
        if configuration.isLoopback, let host = request.head.authority, !Self.isLoopbackHost(host) {
            return PreviewServer.answer(PreviewError(status: 421, "this server answers only to localhost, 127.0.0.1 and [::1]"))
        }
        if request.method == .post, let origin = request.headers[.origin], let host = request.head.authority,
            origin != "http://" + host
        {
            return PreviewServer.answer(
                PreviewError(status: 403, "a request from another site ('\(SceneSchema.quoted(origin))') is refused"))
        }
        let allowed: [HTTPRequest.Method] = Self.postPaths.contains(request.uri.path) ? [.post] : [.get, .head]
        guard allowed.contains(request.method) else {
            var response = PreviewServer.answer(
                PreviewError(
                    status: 405,
                    "method \(request.method.rawValue) is not allowed here (\(allowed.map(\.rawValue).joined(separator: ", ")))"))
            response.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
            return response
        }
        do {
            let response = try await next(request, context)
            if response.status == .notFound, response.headers[.contentType] == nil {
                return PreviewServer.answer(PreviewError(status: 404, "no such page: \(SceneSchema.quoted(request.uri.path))"))
            }
            return response
        } catch let error as PreviewError {
            return PreviewServer.answer(error)
        } catch let error as HTTPError {
            let status = Int(error.status.code)
            return PreviewServer.answer(
                PreviewError(
                    status: status,
                    status == 404 ? "no such page: \(SceneSchema.quoted(request.uri.path))" : "\(error.status.reasonPhrase)"))
        } catch {
            return PreviewServer.answer(PreviewError.from(error))
        }
    }

    /// The routes that take a body.
    static let postPaths: Set<String> = ["/live", "/gesture", "/assets"]

    /// `localhost`, `127.x.y.z` or `[::1]`, with or without a port.
    static func isLoopbackHost(_ host: String) -> Bool {
        var name = Substring(host.lowercased())
        if name.hasPrefix("[") {
            guard let end = name.firstIndex(of: "]") else { return false }
            return name[name.index(after: name.startIndex)..<end] == "::1"
        }
        if let colon = name.lastIndex(of: ":") { name = name[..<colon] }
        if name == "localhost" { return true }
        // A dotted IPv4 address in 127.0.0.0/8, not a name that merely starts so.
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in UInt8(part) != nil && part.count <= 3 }
    }
}
