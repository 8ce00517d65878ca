//
//  FeedRefresher.swift
//  Feed
//
//  Installs the feed's header and footer; the table's controller calls install(on:).
//

import UIKit
import MJRefresh

final class FeedRefresher: NSObject {

    private(set) var loads = 0

    func install(on tableView: UITableView) {
        let header = MJRefreshNormalHeader(refreshingTarget: self, refreshingAction: #selector(loadNew))
        header.lastUpdatedTimeLabel.isHidden = true
        header.setTitle("Pull to refresh the feed", for: .idle)
        header.setTitle("Release to refresh", for: .pulling)
        header.setTitle("Refreshing…", for: .refreshing)
        tableView.mj_header = header

        let footer = MJRefreshAutoNormalFooter(refreshingTarget: self, refreshingAction: #selector(loadMore(_:)))
        footer.setTitle("", for: .idle)
        footer.setTitle("You're all caught up", for: .noMoreData)
        tableView.mj_footer = footer
    }

    @objc func loadNew() {
        loads += 1
    }

    @objc private func loadMore(_ sender: Any?) {
        loads += 1
    }
}
