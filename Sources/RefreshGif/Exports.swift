// The façade: one `import RefreshGif` gives the scene model, the codecs, the renderer and
// the image comparison. Each lives in its own module (see the README's development map).
@_exported import ImageCodecs
@_exported import PixelDiff
@_exported import RefreshImage
@_exported import RefreshModel
@_exported import RefreshRaster
