import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

@testable import RefreshPreview

/// The HTTP layer in Swift, as Hummingbird's own tests drive an application (HummingbirdTesting's
/// router framework: every middleware and route, no sockets). The socket-level rules (one Host,
/// head deadlines, framing) and the page are the Python browser tests'.
@Suite("Preview HTTP layer")
struct PreviewHTTPTests {
    static func application() throws -> some ApplicationProtocol {
        Application(router: PreviewServer.makeRouter(try PreviewServiceTests.service()))
    }

    static let origin: HTTPFields = [.origin: "http://localhost", .contentType: "application/json"]

    @Test("a route answers; a path that is none is one 404 line")
    func routes() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body) == "ok\n")
                #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            }
            try await client.execute(uri: "/render.png?state=refreshing", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "image/png")
                #expect(Array(response.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
            try await client.execute(uri: "/nowhere", method: .get) { response in
                #expect(response.status == .notFound && String(buffer: response.body) == "refresh-render: no such page: /nowhere\n")
            }
        }
    }

    @Test("each path's methods, with Allow; a bad value is the command line's line with 400")
    func methodsAndValues() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/live", method: .get) { response in
                #expect(response.status == .methodNotAllowed && response.headers[.allow] == "POST")
            }
            try await client.execute(uri: "/render.png", method: .delete) { response in
                #expect(response.status == .methodNotAllowed && response.headers[.allow] == "GET, HEAD")
            }
            try await client.execute(uri: "/render.png?percent=abc", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body) == "refresh-render: --percent: expected a number, got 'abc'\n")
            }
        }
    }

    @Test("a POST from another site, without an origin, or with a form's type is refused")
    func crossSite() async throws {
        let body = ByteBuffer(string: #"{"samples": [{"t": 0, "offset": -60, "dragging": true}], "duration": 0.5}"#)
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/live", method: .post, headers: Self.origin, body: body) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "image/png", "\(String(buffer: response.body))")
            }
            var elsewhere = Self.origin
            elsewhere[.origin] = "http://attacker.example"
            try await client.execute(uri: "/live", method: .post, headers: elsewhere, body: body) { response in
                #expect(response.status == .forbidden && String(buffer: response.body).contains("another site"))
            }
            try await client.execute(uri: "/live", method: .post, headers: [.contentType: "application/json"], body: body) { response in
                #expect(response.status == .forbidden && String(buffer: response.body).contains("must come from the preview's page"))
            }
            var sameSite = Self.origin
            sameSite[.origin] = nil
            sameSite[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            try await client.execute(uri: "/live", method: .post, headers: sameSite, body: body) { response in
                #expect(response.status == .ok)
            }
            var form = Self.origin
            form[.contentType] = "text/plain;charset=UTF-8"
            try await client.execute(uri: "/live", method: .post, headers: form, body: body) { response in
                #expect(response.status == .unsupportedMediaType && String(buffer: response.body).contains("application/json"))
            }
        }
    }

    @Test("errors carry their status (HTTPResponseError): a thrown PreviewError is its status and line")
    func errorsCarryTheirStatus() throws {
        let error = PreviewError(status: .tooManyRequests, "slow down")
        #expect(error.status == .tooManyRequests && error.line == "refresh-render: slow down\n")
        #expect(PreviewError.from(InvalidValue(field: "percent", reason: "x")).status == .badRequest)
    }
}
