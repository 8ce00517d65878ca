import ImageCodecs
import PixelDiff
import RefreshFiles
import RefreshImage
import RefreshModel
import RefreshRaster

// The renderer's and the comparison's errors as ``RefreshGifError``: those layers sit beside
// the files module, not under it, so their translation is the façade's.
extension RefreshGifError {
    /// A drawing error (fonts).
    /// - Parameter error: the renderer's error.
    public init(_ error: RasterError) {
        switch error {
        case let .fontUnreadable(path): self = .missingInput(file: path, message: "cannot load font (FreeType could not open it)")
        case let .fontMalformed(path):
            self = .badInput(file: path, message: "not a font FreeType can read (empty, truncated or another format)")
        case let .fontNotScalable(path): self = .badInput(file: path, message: "font is not scalable")
        case .noFont: self = .missingInput(file: "fonts", message: error.description)
        case .freeTypeUnavailable: self = .internalError(error.description)
        }
    }

    /// Runs `body`, turning the lower layers' typed errors into this type; codec errors name
    /// `file`, the input `body` reads.
    /// - Parameters:
    ///   - file: the input `body` reads.
    ///   - body: the work.
    /// - Returns: what `body` returns.
    /// - Throws: ``RefreshGifError`` for the lower layers' errors; others as `body` throws them.
    public static func translating<T>(file: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RefreshGifError {
            throw error
        } catch let error as ImageCodecError {
            throw RefreshGifError(file: file, error)
        } catch let error as InvalidValue {
            throw RefreshGifError(error)
        } catch let error as RasterError {
            throw RefreshGifError(error)
        } catch let error as ImageBufferError {
            throw RefreshGifError.internalError(error.description)
        } catch let error as DiffError {
            throw RefreshGifError.badInput(file: file, message: error.description)
        }
    }
}
