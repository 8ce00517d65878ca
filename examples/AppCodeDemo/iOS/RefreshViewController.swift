// The iOS target's use of the shared file (not built here: it needs UIKit and MJRefresh). Its
// sources are this file and ../App/Sources/*.swift; its resources ../App/Resources.
import MJRefresh
import UIKit

final class RefreshViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.mj_header = makeLoadingHeader()
        tableView.mj_footer = makeRefreshFooter()
    }
}
