@_spi(Tools) import RefreshGif
import RefreshLocking

/// An image as app code loads one: by name from the app's resources (``AppResources``), from a
/// file, or an animated image made of others. The control draws its file, decoded by the same
/// loader a scene uses (docs/app-code.md).
open class UIImage: Equatable, _ExpressibleByImageLiteral, @unchecked Sendable {
    /// How the image is tinted.
    public enum RenderingMode: Sendable {
        case automatic, alwaysOriginal, alwaysTemplate
    }

    /// The file, for a single image.
    let file: String?
    /// The frames of an animated image.
    public let images: [UIImage]?
    /// An animated image's duration, seconds.
    public let duration: TimeInterval
    /// How it is tinted.
    public let renderingMode: RenderingMode
    /// The name it was asked for by, when it was.
    let name: String?

    init(file: String?, images: [UIImage]?, duration: TimeInterval, renderingMode: RenderingMode, name: String?) {
        self.file = file
        self.images = images
        self.duration = duration
        self.renderingMode = renderingMode
        self.name = name
    }

    /// The image named `name` in the app's resources: an image set of an asset catalog (a
    /// template set is tinted), else `NAME@3x.png`, `NAME@2x.png` or `NAME.png`; nil when
    /// none has that name (said when the control is drawn).
    public convenience init?(named name: String) {
        let found: ImageFile?
        do {
            found = try AppResources.image(named: name)
        } catch {
            AppResources.problem("UIImage(named: \"\(name)\")", error)
            return nil
        }
        guard let found else {
            AppResources.miss("UIImage(named: \"\(name)\")")
            return nil
        }
        self.init(
            file: found.path, images: nil, duration: 0, renderingMode: found.template ? .alwaysTemplate : .automatic, name: name)
    }

    /// `#imageLiteral(resourceName:)`: the image named `name`, as ``init(named:)`` finds it. On
    /// the phone a missing one traps; here it is an image of nothing, said as a miss when drawn.
    public required convenience init(imageLiteralResourceName name: String) {
        let found = try? AppResources.image(named: name)
        if found == nil { AppResources.miss("#imageLiteral(resourceName: \"\(name)\")") }
        self.init(
            file: found?.path, images: nil, duration: 0, renderingMode: found?.template == true ? .alwaysTemplate : .automatic,
            name: name)
    }

    /// The image in the file at `path` (a PNG or GIF); nil when there is no such file.
    public convenience init?(contentsOfFile path: String) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            AppResources.miss("UIImage(contentsOfFile: \"\(path)\")")
            return nil
        }
        self.init(file: path, images: nil, duration: 0, renderingMode: .automatic, name: nil)
    }

    /// An image that plays `images` over `duration` seconds.
    open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard !images.isEmpty else { return nil }
        return UIImage(file: nil, images: images, duration: duration, renderingMode: .automatic, name: nil)
    }

    /// The same image, tinted (`alwaysTemplate`) or not.
    open func withRenderingMode(_ mode: RenderingMode) -> UIImage {
        UIImage(file: file, images: images, duration: duration, renderingMode: mode, name: name)
    }

    public static func == (a: UIImage, b: UIImage) -> Bool {
        a.file == b.file && a.images == b.images && a.duration == b.duration && a.renderingMode == b.renderingMode
    }

    /// Its size in points: its first frame's pixels over the scale its file's name says
    /// (`@2x`, `@3x`; 1 without), as UIKit sizes an image; zero for a file that is no picture.
    /// Read from the file once, when first asked.
    open var size: CGSize {
        if let known = measuredSize.withLock({ $0 }) { return known }
        let size = readSize()
        measuredSize.withLock { $0 = size }
        return size
    }
    private let measuredSize = Locked<CGSize?>(nil)

    private func readSize() -> CGSize {
        // MJRefresh's arrow@2x.png is 30 × 80 pixels.
        if self === Self.libraryArrow { return CGSize(width: 15, height: 40) }
        guard let path = frameFiles.first, let bytes = try? FileIO.read(path), let header = ToolsFiles.pictureHeader(bytes) else {
            return .zero
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let scale: CGFloat = name.hasSuffix("@3x") ? 3 : name.hasSuffix("@2x") ? 2 : 1
        return CGSize(width: CGFloat(header.width) / scale, height: CGFloat(header.height) / scale)
    }

    /// MJRefresh's own arrow (`Bundle.mj_arrowImage()`): no file, drawn as the library's arrow.
    static let libraryArrow = UIImage(file: nil, images: nil, duration: 0, renderingMode: .alwaysTemplate, name: "arrow")

    /// The files of its frames, in order: one for a single image.
    var frameFiles: [String] {
        if let images { return images.flatMap(\.frameFiles) }
        return file.map { [$0] } ?? []
    }
}

/// The type `#imageLiteral(resourceName:)` makes, as on the phone.
public typealias _ImageLiteralType = UIImage
