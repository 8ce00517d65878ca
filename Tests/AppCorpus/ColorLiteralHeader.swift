import UIKit
import MJRefresh

/// The profile page's header: brand colours picked in Xcode's colour well.
class ColorLiteralHeader: MJRefreshNormalHeader {

    override func prepare() {
        super.prepare()
        stateLabel.textColor = #colorLiteral(red: 0.2196078431, green: 0.5568627451, blue: 0.2352941176, alpha: 1)
        lastUpdatedTimeLabel.isHidden = true
        arrowView.image = #imageLiteral(resourceName: "pull_arrow")
        arrowView.tintColor = #colorLiteral(red: 0.2196078431, green: 0.5568627451, blue: 0.2352941176, alpha: 1)
        loadingView.color = #colorLiteral(red: 0.2196078431, green: 0.5568627451, blue: 0.2352941176, alpha: 1)
    }
}
