/// The page's files, embedded in the binary at build time (no CDN, no build step): served
/// at `/`, `/preview.css`, and the script's modules: `/preview.js`, which starts the page, and
/// the modules it imports, one way (`/state.js` first, preview.js's comment lists them).
enum PageFiles {
    /// The page's files by the path each is served at, with its media type.
    private static let files: [String: (type: String, bytes: [UInt8])] = {
        let script = "text/javascript; charset=utf-8"
        let html = ("text/html; charset=utf-8", PackageResources.index_html)
        return [
            "/": html, "/index.html": html, "/preview.css": ("text/css; charset=utf-8", PackageResources.preview_css),
            "/preview.js": (script, PackageResources.preview_js), "/state.js": (script, PackageResources.state_js),
            "/dom.js": (script, PackageResources.dom_js), "/stored.js": (script, PackageResources.stored_js),
            "/uploads.js": (script, PackageResources.uploads_js), "/controls.js": (script, PackageResources.controls_js),
            "/panel.js": (script, PackageResources.panel_js), "/layers.js": (script, PackageResources.layers_js),
            "/scene.js": (script, PackageResources.scene_js), "/still.js": (script, PackageResources.still_js),
            "/scroll.js": (script, PackageResources.scroll_js), "/readouts.js": (script, PackageResources.readouts_js),
            "/phone.js": (script, PackageResources.phone_js),
        ]
    }()

    /// Every path the page's files are served at.
    static let paths = files.keys.sorted()

    /// The file served at `path`, with its media type.
    static func file(at path: String) -> (type: String, bytes: [UInt8])? { files[path] }

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
