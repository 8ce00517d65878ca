import RefreshGif
internal import RefreshModel

/// The views a stock class has that settings configure: its labels, arrow and spinner, and its
/// labels' inset.
struct StockViews {
    var state: UILabel?
    var time: UILabel?
    var arrow: UIImageView?
    var spinner: UIActivityIndicatorView?
    /// The labels' left inset, for the classes that have one.
    var labelInset: CGFloat?

    /// The views as the settings' spellings name them, each beside the view as the library
    /// makes it (``SpelledProperties``).
    /// - Parameters:
    ///   - control: the control itself.
    ///   - pristine: the library's control as it makes it; a plain view where the app subclasses it.
    /// - Returns: the views by what they are.
    func spelled(control: UIView, pristine: SpelledProperties.Pristine = .view) -> [AppView: SpelledProperties.Configured] {
        var views: [AppView: SpelledProperties.Configured] = [.control: .init(view: control, pristine: pristine)]
        if let state { views[.stateLabel] = .init(view: state, pristine: Self.stateLabel) }
        if let time { views[.timeLabel] = .init(view: time, pristine: Self.timeLabel) }
        if let spinner { views[.spinner] = .init(view: spinner, pristine: Self.spinner) }
        return views
    }

    /// The library's own labels and spinner, as the spellings compare with them.
    private static let stateLabel = SpelledProperties.Pristine(name: "stateLabel") { StockLabel.make(.state) }
    private static let timeLabel = SpelledProperties.Pristine(name: "timeLabel") { StockLabel.make(.time) }
    private static let spinner = SpelledProperties.Pristine(name: "spinner") { UIActivityIndicatorView() }
}

/// The labels MJRefresh makes: bold 14-pt system font, #5A5A5A, centred. What the app changes
/// on them becomes the label settings; what it leaves is the library's default, as a scene
/// leaves it.
enum StockLabel {
    /// MJRefresh's label font and colour, read from the model's MJRefresh family (never a copy).
    static let font: UIFont = {
        let title = MJRefresh().labelFonts.title
        return title.bold ? .boldSystemFont(ofSize: CGFloat(title.pointSize)) : .systemFont(ofSize: CGFloat(title.pointSize))
    }()
    static let color: UIColor = {
        let c = MJRefresh().defaultTextColor
        return UIColor(red: CGFloat(c.red) / 255, green: CGFloat(c.green) / 255, blue: CGFloat(c.blue) / 255, alpha: CGFloat(c.alpha) / 255)
    }()

    static func make(_ role: LabelRole) -> UILabel {
        let label = UILabel()
        label.font = font
        label.textColor = color
        label.textAlignment = .center
        label.role = role
        return label
    }

}

/// The Normal style's arrow and spinner: an image the app puts in the arrow view (tinted when
/// a template), the spinner's style and colour.
enum StockSpinner {
    static func describe(arrow: UIImageView?, spinner: UIActivityIndicatorView?, into description: inout SceneDescription) {
        if let image = arrow?.image, let file = image.frameFiles.first {
            description[.arrowImage] = .text(file)
            if image.renderingMode == .alwaysTemplate { description[.arrowImageTemplate] = .flag(true) }
        }
        guard let spinner else { return }
        // The medium spinner is the scene's own default.
        if spinner.style.spinnerStyle != .medium { description[.spinner] = .text(spinner.style.spinnerStyle.rawValue) }
    }
}

/// One state's images and duration as `setImages(_:duration:for:)` gave them.
struct StateImageSequence {
    var images: [UIImage]
    var duration: TimeInterval
    /// False when the duration was not the app's but derived (MJRefresh's `setImages(_:for:)`
    /// gives a tenth of a second a frame): a message then quotes the images, not a number the
    /// app never wrote.
    var durationGiven = true

    /// The states' images as the `images` and `durations` settings: each state's frames as
    /// one file, or a comma-separated list of PNG frames in their order.
    static func describe<State>(
        _ sequences: [State: StateImageSequence], named sceneName: (State) -> String, into description: inout SceneDescription
    ) throws {
        var images: [String: SceneValue] = [:]
        var durations: [String: SceneValue] = [:]
        for (state, sequence) in sequences {
            let files = sequence.images.flatMap(\.frameFiles)
            guard !files.isEmpty else { continue } // an empty list leaves the state's images as they were
            // The count first: a state plays at most as many frames as a decoded input may have.
            let most = DecodeLimits.default.maxFrames
            guard files.count <= most else {
                throw AppCodeError.badValue(
                    what: "setImages(_:\(sequence.durationGiven ? "duration:" : "")for: .\(state))",
                    message: "\(files.count) images; a state plays at most \(most)")
            }
            guard sequence.duration.isFinite, sequence.duration >= 0, sequence.duration <= 3600 else {
                throw AppCodeError.badValue(
                    what: "setImages(_:duration: \(sequence.duration), for: .\(state))", message: "a duration between 0 and 3600 seconds")
            }
            if files.count > 1, let odd = files.first(where: { !$0.lowercased().hasSuffix(".png") }) {
                throw AppCodeError.badValue(
                    what: "setImages(_:for: .\(state))",
                    message: "\(odd): frames of a sequence are PNG files (a GIF is one image of its own)")
            }
            images[sceneName(state)] = .text(files.joined(separator: ","))
            if sequence.duration > 0 { durations[sceneName(state)] = .number(sequence.duration) }
        }
        if !images.isEmpty { description[.images] = .byState(images) }
        if !durations.isEmpty { description[.durations] = .byState(durations) }
    }
}

extension UIActivityIndicatorView.Style {
    /// The model's spinner look for the style (its word is the scene's `--spinner` and a
    /// layer's `spinnerStyle`).
    var spinnerStyle: SpinnerStyle {
        switch self {
        case .gray: return .classic
        case .white: return .white
        case .whiteLarge, .large: return .whiteLarge
        case .medium: return .medium
        }
    }
}
