// The app's other refresh controls, shared with the iOS target as RefreshSetup.swift is.
#if canImport(UIKit)
import UIKit
import MJRefresh
#else
import RefreshGifUIKit
#endif

/// The list's footer: it loads more as it comes into view, its words in one of iOS's own faces.
func makeRefreshFooter() -> MJRefreshAutoNormalFooter {
    let footer = MJRefreshAutoNormalFooter { /* load more */ }
    footer.stateLabel.font = UIFont(name: "HelveticaNeue-Bold", size: 15)
    footer.setTitle("— the end —", for: .noMoreData)
    return footer
}

/// The refreshing header: the spinning frames while loading, the pull frames before.
func makeLoadingHeader() -> MJRefreshGifHeader {
    let header = makeRefreshHeader()
    let loading = (1...8).compactMap { UIImage(named: String(format: "loading_%04d", $0)) }
    header.setImages(loading, duration: 0.8, for: .refreshing)
    header.setImages(loading, duration: 0.8, for: .pulling)
    return header
}

/// The app's own header: a brand bar that fills with the pull, a title and a spinner.
final class BrandHeader: MJRefreshHeader {
    let bar = UIView()
    let title = UILabel()
    let spinner = UIActivityIndicatorView(style: .medium)

    override func prepare() {
        super.prepare()
        mj_h = 60
        bar.backgroundColor = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1)
        bar.layer.cornerRadius = 3
        title.font = .boldSystemFont(ofSize: 15)
        title.textColor = .darkGray
        title.textAlignment = .center
        addSubview(bar)
        addSubview(title)
        addSubview(spinner)
    }

    override func placeSubviews() {
        super.placeSubviews()
        title.frame = CGRect(x: 0, y: 12, width: mj_w, height: 20)
        let filled = min(1, max(0, pullingPercent))
        bar.frame = CGRect(x: 40, y: 44, width: (mj_w - 80) * filled, height: 6)
        spinner.center = CGPoint(x: mj_w - 30, y: 22)
    }

    override var state: MJRefreshState {
        didSet {
            switch state {
            case .pulling: title.text = "Let go to refresh"
            case .refreshing:
                title.text = "Refreshing …"
                spinner.startAnimating()
            default:
                title.text = "Pull to refresh"
                spinner.stopAnimating()
            }
        }
    }
}
