//
//  AnchoredSyncHeader.swift
//  A header laid out with Auto Layout anchors: an arrow beside two stacked labels, a spinner in
//  the arrow's place while syncing.
//

import UIKit
import MJRefresh

final class AnchoredSyncHeader: MJRefreshHeader {

    private let arrowView = UIImageView(image: UIImage(named: "pull_arrow")?.withRenderingMode(.alwaysOriginal))
    private let spinner = UIActivityIndicatorView(style: .medium)
    private let titleLabel = UILabel()
    private let detailLabel = UILabel()
    private lazy var textStack: UIStackView = {
        let stack = UIStackView(arrangedSubviews: [titleLabel, detailLabel])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 2
        return stack
    }()

    override func prepare() {
        super.prepare()
        mj_h = 64

        titleLabel.font = .boldSystemFont(ofSize: 15)
        titleLabel.textColor = UIColor(red: 0.16, green: 0.18, blue: 0.22, alpha: 1)
        detailLabel.font = .systemFont(ofSize: 12)
        detailLabel.textColor = .gray
        detailLabel.text = "Last synced 5 minutes ago"
        spinner.hidesWhenStopped = true

        [arrowView, spinner, textStack].forEach {
            $0.translatesAutoresizingMaskIntoConstraints = false
            addSubview($0)
        }

        NSLayoutConstraint.activate([
            textStack.centerXAnchor.constraint(equalTo: centerXAnchor, constant: 16),
            textStack.centerYAnchor.constraint(equalTo: centerYAnchor),

            arrowView.trailingAnchor.constraint(equalTo: textStack.leadingAnchor, constant: -14),
            arrowView.centerYAnchor.constraint(equalTo: centerYAnchor),
            arrowView.heightAnchor.constraint(equalToConstant: 28),
            arrowView.widthAnchor.constraint(equalTo: arrowView.heightAnchor, multiplier: 0.4),

            spinner.centerXAnchor.constraint(equalTo: arrowView.centerXAnchor),
            spinner.centerYAnchor.constraint(equalTo: arrowView.centerYAnchor),
        ])
    }

    override var state: MJRefreshState {
        didSet {
            guard state != oldValue else { return }
            switch state {
            case .pulling:
                titleLabel.text = "Release to sync"
                UIView.animate(withDuration: 0.25) {
                    self.arrowView.transform = CGAffineTransform(rotationAngle: .pi)
                }
            case .refreshing:
                titleLabel.text = "Syncing…"
                arrowView.isHidden = true
                spinner.startAnimating()
            default:
                titleLabel.text = "Pull to sync"
                arrowView.isHidden = false
                spinner.stopAnimating()
                UIView.animate(withDuration: 0.25) {
                    self.arrowView.transform = .identity
                }
            }
        }
    }
}
