import UIKit
import MJRefresh

/// A header laid out from the screen's width, as older apps lay out from UIScreen.
class ScreenSizedHeader: MJRefreshHeader {

    let logo = UIImageView()
    let slogan = UILabel()

    override func prepare() {
        super.prepare()
        mj_h = 70
        logo.image = UIImage(named: "loading_01")
        logo.contentMode = .center
        slogan.text = "Fresh every morning"
        slogan.font = .italicSystemFont(ofSize: 12)
        slogan.textColor = .gray
        slogan.textAlignment = .center
        addSubview(logo)
        addSubview(slogan)
    }

    override func placeSubviews() {
        super.placeSubviews()
        let screenWidth = UIScreen.main.bounds.size.width
        logo.frame = CGRect(x: (screenWidth - 40) / 2, y: 8, width: 40, height: 30)
        slogan.frame = CGRect(x: 0, y: 44, width: screenWidth, height: 16)
    }
}
