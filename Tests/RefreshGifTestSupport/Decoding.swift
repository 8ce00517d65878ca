import RefreshGif

// Helpers that reach the package's own decoders: the root package's tests use them; the
// preview package compiles only the files that need the public API (its manifest lists them).
extension Support {
    /// A decoded GIF fixture.
    package static func gif(_ name: String) throws -> GIFAnimation {
        try GIFDecoder().decode(bytes("gif/" + name))
    }
}
