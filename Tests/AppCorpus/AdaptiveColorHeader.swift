//
//  AdaptiveColorHeader.swift
//

import UIKit
import MJRefresh

class AdaptiveColorHeader: MJRefreshStateHeader {

    static let titleColor = UIColor { traits in
        traits.userInterfaceStyle == .dark
            ? UIColor(red: 0.92, green: 0.92, blue: 0.96, alpha: 1)
            : UIColor(red: 0.15, green: 0.15, blue: 0.2, alpha: 1)
    }

    override func prepare() {
        super.prepare()
        stateLabel.textColor = AdaptiveColorHeader.titleColor
        lastUpdatedTimeLabel.textColor = UIColor(named: "BrandTint")
        backgroundColor = traitCollection.userInterfaceStyle == .dark ? .black : .white
    }
}
