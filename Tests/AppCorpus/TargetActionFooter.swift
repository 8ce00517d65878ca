//
//  TargetActionFooter.swift
//  Orders
//

import UIKit
import MJRefresh

class OrdersListLoader: NSObject {

    weak var tableView: UITableView?

    func setUp(_ tableView: UITableView) {
        self.tableView = tableView
        let footer = MJRefreshBackNormalFooter(refreshingTarget: self, refreshingAction: #selector(OrdersListLoader.loadNextPage))
        footer.setTitle("Pull up for older orders", for: .idle)
        footer.setTitle("Release for older orders", for: .pulling)
        footer.setTitle("Loading older orders", for: .refreshing)
        footer.setTitle("No older orders", for: .noMoreData)
        footer.stateLabel.textColor = UIColor(white: 0.4, alpha: 1)
        tableView.mj_footer = footer
    }

    @objc dynamic func loadNextPage() {
        tableView?.mj_footer?.endRefreshingWithNoMoreData()
    }
}
