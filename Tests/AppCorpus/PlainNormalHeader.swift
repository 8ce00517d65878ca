import MJRefresh

class PlainNormalHeader: MJRefreshNormalHeader {

    override func prepare() {
        super.prepare()
        loadingView?.style = .medium
        stateLabel?.isHidden = true
        lastUpdatedTimeLabel?.isHidden = true
        autoChangeTransparency(true)
    }
}
