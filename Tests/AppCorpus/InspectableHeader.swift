//
//  InspectableHeader.swift
//  Travel
//

import UIKit
import MJRefresh

@IBDesignable
class InspectableHeader: MJRefreshNormalHeader {

    @IBInspectable var titleColor: UIColor = UIColor(red: 0, green: 0.5, blue: 0.55, alpha: 1) {
        didSet { stateLabel.textColor = titleColor }
    }

    @IBOutlet weak var badge: UILabel?

    override func prepare() {
        super.prepare()
        stateLabel.textColor = titleColor
        lastUpdatedTimeLabel.isHidden = true
        setTitle("Pull to find flights", for: .idle)
        setTitle("Release to search", for: .pulling)
        setTitle("Searching flights…", for: .refreshing)
    }

    @IBAction func retry(_ sender: Any) {
        beginRefreshing()
    }
}
