// App/Sources/RefreshSetup.swift — the same file in the iOS target and in the Linux test target
#if canImport(UIKit)
import UIKit
import MJRefresh
#else
import RefreshGifUIKit
#endif

func makeRefreshHeader() -> MJRefreshGifHeader {
    let header = MJRefreshGifHeader { /* load */ }
    let idle = (1...20).compactMap { UIImage(named: String(format: "dropdown_anim__%04d", $0)) }
    header.setImages(idle, for: .idle)
    header.lastUpdatedTimeLabel.isHidden = true
    return header
}
