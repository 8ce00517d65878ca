//
//  LocalizedFooter.swift
//  Social
//
//  The timeline's footer in the app's own words (Localizable.strings).
//

import UIKit
import MJRefresh

class LocalizedFooter: MJRefreshBackNormalFooter {

    override func prepare() {
        super.prepare()
        setTitle(NSLocalizedString("footer.idle", comment: "pull up"), for: .idle)
        setTitle(NSLocalizedString("footer.idle", comment: "pull up"), for: .pulling)
        setTitle(NSLocalizedString("footer.loading", comment: "loading"), for: .refreshing)
        setTitle(NSLocalizedString("footer.end", comment: "no more posts"), for: .noMoreData)
        stateLabel.font = UIFont.systemFont(ofSize: 14, weight: .medium)
        arrowView.image = UIImage(named: "pull_arrow")
        arrowView.tintColor = UIColor(named: "BrandTint")
    }
}
