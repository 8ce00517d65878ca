import UIKit
import MJRefresh

/// The search results' footer: loads before the end is reached, no title while loading.
class EagerAutoFooter: MJRefreshAutoNormalFooter {

    override func prepare() {
        super.prepare()
        triggerAutomaticallyRefreshPercent = -5
        isRefreshingTitleHidden = true
        loadingView.style = .medium
        loadingView.color = .systemBlue
        setTitle("More results", for: .idle)
        setTitle("No more results", for: .noMoreData)
    }
}
