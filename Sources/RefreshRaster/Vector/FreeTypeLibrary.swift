import CFreeType
import RefreshImage
import RefreshModel

/// One FreeType library instance. FreeType objects are not thread-safe, so each render
/// context owns its own and never shares it across threads.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw RasterError.freeTypeUnavailable
        }
        handle = library
    }

    deinit {
        FT_Done_FreeType(handle)
    }
}
