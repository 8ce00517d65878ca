//
//  CustomFontNormalHeader.swift
//  Reader
//

import UIKit
import MJRefresh

final class CustomFontNormalHeader: MJRefreshNormalHeader {

    override func prepare() {
        super.prepare()
        mj_h = 60
        stateLabel.font = UIFont(name: "PingFangSC-Medium", size: 13)
        stateLabel.textColor = UIColor(red: 0.2, green: 0.2, blue: 0.25, alpha: 1)
        lastUpdatedTimeLabel.font = .systemFont(ofSize: 11)
        lastUpdatedTimeLabel.textColor = .lightGray
        setTitle("下拉刷新", for: .idle)
        setTitle("释放更新", for: .pulling)
        setTitle("加载中…", for: .refreshing)
        lastUpdatedTimeText = { date in
            guard let date = date else { return "从未更新" }
            let formatter = DateFormatter()
            formatter.dateFormat = "MM-dd HH:mm"
            formatter.timeZone = TimeZone(identifier: "UTC")
            return "上次更新 " + formatter.string(from: date)
        }
    }
}
