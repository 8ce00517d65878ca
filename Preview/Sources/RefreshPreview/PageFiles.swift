/// The page's files, embedded in the binary at build time (no CDN, no build step): served
/// at `/`, `/preview.css`, and the script's modules: `/preview.js`, which starts the page, and
/// the modules it imports, one way (`/state.js` first, preview.js's comment lists them).
enum PageFiles {
    /// Every path the page's files are served at.
    static let paths = [
        "/", "/index.html", "/preview.css", "/preview.js", "/state.js", "/dom.js", "/stored.js", "/uploads.js", "/controls.js",
        "/panel.js",
        "/layers.js", "/scene.js", "/still.js", "/scroll.js", "/readouts.js", "/phone.js",
    ]

    /// The file served at `path`, with its media type.
    static func file(at path: String) -> (type: String, bytes: [UInt8])? {
        switch path {
        case "/", "/index.html": return ("text/html; charset=utf-8", PackageResources.index_html)
        case "/preview.css": return ("text/css; charset=utf-8", PackageResources.preview_css)
        case "/preview.js": return ("text/javascript; charset=utf-8", PackageResources.preview_js)
        case "/state.js": return ("text/javascript; charset=utf-8", PackageResources.state_js)
        case "/dom.js": return ("text/javascript; charset=utf-8", PackageResources.dom_js)
        case "/stored.js": return ("text/javascript; charset=utf-8", PackageResources.stored_js)
        case "/uploads.js": return ("text/javascript; charset=utf-8", PackageResources.uploads_js)
        case "/controls.js": return ("text/javascript; charset=utf-8", PackageResources.controls_js)
        case "/scene.js": return ("text/javascript; charset=utf-8", PackageResources.scene_js)
        case "/panel.js": return ("text/javascript; charset=utf-8", PackageResources.panel_js)
        case "/still.js": return ("text/javascript; charset=utf-8", PackageResources.still_js)
        case "/scroll.js": return ("text/javascript; charset=utf-8", PackageResources.scroll_js)
        case "/readouts.js": return ("text/javascript; charset=utf-8", PackageResources.readouts_js)
        case "/phone.js": return ("text/javascript; charset=utf-8", PackageResources.phone_js)
        case "/layers.js": return ("text/javascript; charset=utf-8", PackageResources.layers_js)
        default: return nil
        }
    }

    /// What every answer carries: the page may load only its own files, talk only to its
    /// server, and be framed by nobody.
    static let securityHeaders: [(name: String, value: String)] = [
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
                + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]
}
