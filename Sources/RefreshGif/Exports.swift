// The façade: one `import RefreshGif` gives the scene model, the codecs, the renderer and
// the image comparison. Each lives in its own module (see the README's development map).
@_exported import ImageCodecs
@_exported import PixelDiff
// The files and threads: `RefreshGifError` is the façade's error; the rest is the tools' (`package`, SPI).
@_exported @_spi(Tools) import RefreshFiles
@_exported import RefreshImage
@_exported import RefreshModel
@_exported import RefreshRaster
